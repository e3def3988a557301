/**
 * Adding a passkey with the link (docs/api/auth.md §6.4–6.5): the creation options for the link's member, the browser's
 * passkey prompt, then the passkey is saved and the member signed in.
 */
import { useState } from 'preact/hooks'
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser'
import { api } from '../../lib/api'
import { creationOptions } from '../../lib/passkey-options'
import { useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import { ErrorNotice, Notice } from '../../components/ui'
import { linkProblem } from './link-problem'
import { strings } from './strings'

type Note = 'passkeyCancelled' | 'passkeyKnown' | 'passkeyBrowserFailed'

/** What to tell the member when the browser's prompt ends without a passkey. */
function browserNote(error: unknown): Note {
  const name = (error as Error).name
  // Closing the prompt (or letting it time out) is the member's choice, not a failure.
  if (name === 'NotAllowedError' || name === 'AbortError') return 'passkeyCancelled'
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'passkeyKnown'
  return 'passkeyBrowserFailed'
}

export function PasskeySetup({ token, onSignedIn, onRefused }: {
  token: string
  onSignedIn: (token: string) => Promise<void>
  /** The link was refused meanwhile (used in another tab, expired): the page says so instead of the forms. */
  onRefused: (error: unknown) => void
}) {
  const t = useT(strings)
  const [note, setNote] = useState<Note>()
  const add = useAction(async () => {
    setNote(undefined)
    try {
      const optionsJSON = creationOptions(await api.post('/auth/account-link/passkey/register-options', { token }))
      let response
      try {
        response = await startRegistration({ optionsJSON })
      } catch (error) {
        return setNote(browserNote(error))
      }
      const session = await api.post('/auth/account-link/passkey/register', { token, response, platform: 'web' })
      await onSignedIn(session.token)
    } catch (error) {
      if (linkProblem(error)) return onRefused(error)
      throw error
    }
  })

  return (
    <section class="card stack auth-section" aria-labelledby="link-passkey-title">
      <h2 id="link-passkey-title">{t('passkeyTitle')}</h2>
      <p class="hint">{t('passkeyIntro')}</p>
      {note && <Notice kind={note === 'passkeyBrowserFailed' ? 'error' : 'info'}>{t(note)}</Notice>}
      {add.error !== undefined && <ErrorNotice error={add.error} />}
      {browserSupportsWebAuthn()
        ? <button type="button" onClick={() => add.run()} disabled={add.pending} aria-busy={add.pending}>{t('addPasskey')}</button>
        : <Notice kind="info">{t('passkeyUnsupported')}</Notice>}
    </section>
  )
}
