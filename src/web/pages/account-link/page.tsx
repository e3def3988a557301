/**
 * The page behind the one-time link an admin hands over (docs/api/auth.md §6): `?token=…`. It greets the member by
 * name, who then sets a password or adds a passkey and is signed in. A link the API refuses (used, replaced,
 * expired, or cut short) is told in words, with the way to the sign-in page.
 */
import { useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { useSession } from '../../lib/session'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, LoadState, Notice, Page } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { PAGES } from '../../paths'
import { linkProblem } from './link-problem'
import { PasskeySetup } from './passkey-setup'
import { strings } from './strings'

export default function AccountLinkPage() {
  const t = useT(strings)
  const { query, route } = useLocation()
  const session = useSession()
  const token = query.token ?? ''
  const details = useLoad((signal) => (token ? api.post('/auth/account-link/check', { token }, { signal }) : Promise.resolve(null)), [token])
  // A refusal after the page opened (the link used in another tab meanwhile) replaces the forms like one at the start.
  const [refused, setRefused] = useState<unknown>()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')

  const signedIn = async (bearer: string) => {
    await session.signIn(bearer)
    route(PAGES.today, true)
  }
  const save = useAction(async () => {
    try {
      const data = await api.post('/auth/account-link/password', { token, password, password_confirmation: confirmation, platform: 'web' })
      await signedIn(data.token)
    } catch (error) {
      if (linkProblem(error)) return setRefused(error)
      throw error
    }
  })

  const signInLink = <p><a href={PAGES.signIn}>{t('signIn')}</a></p>
  if (!token) return <Page title={t('title')}><div class="stack"><Notice kind="error">{t('incomplete')}</Notice>{signInLink}</div></Page>
  const problem = linkProblem(refused ?? details.error)
  if (problem) return <Page title={t('title')}><div class="stack"><Notice kind="error">{t(problem)}</Notice>{signInLink}</div></Page>
  const link = details.data
  // Still loading, or failed otherwise (the server unreachable): the shared loading state, with a retry.
  if (!link) return <Page title={t('title')}><LoadState loaded={details}>{() => null}</LoadState></Page>

  return (
    <Page title={t(link.purpose === 'invite' ? 'welcome' : 'again', { name: link.name })}>
      <div class="stack">
        <p>{t(link.purpose === 'invite' ? 'inviteIntro' : 'resetIntro', { email: link.email })}</p>
        <p class="hint">{t('validUntil', { when: formatDateTime(link.expires_at, session.prefs) })}</p>
        <form class="card stack auth-section" aria-labelledby="link-password-title" onSubmit={onSubmit(save.run)} noValidate>
          <h2 id="link-password-title">{t('passwordTitle')}</h2>
          {/* Lets password managers file the new password under the right account. */}
          <input type="hidden" name="username" autocomplete="username" value={link.email} />
          <Field label={t('password')} type="password" name="password" autocomplete="new-password" required value={password}
            onValue={setPassword} hint={t('passwordHint')} error={save.fieldError('password', t('password'))} />
          <Field label={t('confirmation')} type="password" name="password_confirmation" autocomplete="new-password" required
            value={confirmation} onValue={setConfirmation} error={save.fieldError('password_confirmation', t('confirmation'))} />
          {save.formError !== undefined && <ErrorNotice error={save.formError} />}
          <button type="submit" class="primary" disabled={save.pending} aria-busy={save.pending}>{t('savePassword')}</button>
        </form>
        <PasskeySetup token={token} onSignedIn={signedIn} onRefused={setRefused} />
      </div>
    </Page>
  )
}
