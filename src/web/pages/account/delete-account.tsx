/**
 * Deleting one's own account (docs/api/users.md §2.2–2.3): the password or a passkey proves it is the owner, the
 * confirm question asks once more, then the session ends and the sign-in page opens.
 */
import { useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser'
import { api, ApiError, request } from '../../lib/api'
import { requestOptions } from '../../lib/passkey-options'
import { useT, type Translate } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { ErrorNotice, Field, Notice } from '../../components/ui'
import { Confirm } from '../../components/confirm'
import { PAGES } from '../../paths'
import { strings } from './strings'

type Key = keyof typeof strings.en

/** Closing the browser's passkey prompt: the person's choice, told calmly. */
class PromptClosed extends Error {}

/** This endpoint's refusals (docs/api/users.md §2.2–2.3) in the page's words, by message or code. */
const OWN_MESSAGES: Record<string, Key> = {
  'The current password is incorrect.': 'wrongPassword',
  'The current password field is required when passkey is not present.': 'passwordNeeded',
  'The passkey could not be verified.': 'passkeyNotVerified',
}
/** The shared text of `last_super_admin` speaks of demoting; here it is about deleting. */
const OWN_CODES: Record<string, Key> = { last_super_admin: 'lastSuperAdmin', no_passkeys: 'noPasskeys' }

function refusal(error: unknown, t: Translate<Key>) {
  if (error instanceof PromptClosed) return <Notice kind="info">{t('deleteCancelled')}</Notice>
  if (error instanceof ApiError) {
    const message = error.field('current_password') ?? error.field('passkey')
    const own = (message && OWN_MESSAGES[message]) || OWN_CODES[error.code]
    if (own) return <Notice kind="error">{t(own)}</Notice>
  }
  return <ErrorNotice error={error} />
}

export function DeleteAccountSection() {
  const t = useT(strings)
  const session = useSession()
  const { route } = useLocation()
  const [password, setPassword] = useState('')
  const passkeys = browserSupportsWebAuthn()

  const deleted = async () => {
    // The account took its tokens with it; signing out forgets this one here too.
    await session.signOut()
    route(PAGES.signIn, true)
  }
  const withPassword = async () => {
    await request('DELETE', '/users/me', { current_password: password })
    await deleted()
  }
  const withPasskey = async () => {
    const optionsJSON = requestOptions(await api.post('/users/me/delete-options'))
    let credential
    try {
      credential = await startAuthentication({ optionsJSON })
    } catch (error) {
      const name = (error as Error).name
      throw name === 'NotAllowedError' || name === 'AbortError' ? new PromptClosed() : error
    }
    await request('DELETE', '/users/me', { passkey: credential })
    await deleted()
  }
  const question = { question: t('deleteQuestion'), confirmLabel: t('deleteYes'), renderError: (error: unknown) => refusal(error, t) }

  return (
    <section class="card account-section stack" aria-labelledby="account-delete">
      <h2 id="account-delete">{t('deleteAccount')}</h2>
      <p>{t('deleteIntro')}</p>
      <Field label={t('deletePassword')} type="password" name="delete_password" autocomplete="current-password" value={password}
        onValue={setPassword} hint={t(passkeys ? 'deletePasswordOrPasskey' : 'deletePasswordHint')} />
      <div class="row">
        <Confirm label={t('deleteButton')} {...question} onConfirm={withPassword} />
      </div>
      {passkeys && (
        <div class="row">
          <Confirm label={t('deleteWithPasskey')} buttonClass="" {...question} onConfirm={withPasskey} />
        </div>
      )}
    </section>
  )
}
