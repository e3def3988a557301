/**
 * The page behind the link of the password-reset mail (docs/api/auth.md §5.3): `?token=…&email=…[&platform=…]`. A link
 * the API refuses (3.7: unknown, used, replaced or older than 60 minutes) or one that lost its query is told in
 * words, with the way to a new one.
 */
import { useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { api, ApiError } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, Notice, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { linkPlatform, NextStep, type LinkPlatform } from '../verify/link-platform'
import { strings } from './strings'

/** The way to a new link, with the address and the app of the old one already filled in. */
function newLinkHref(email: string, platform: LinkPlatform): string {
  const query = new URLSearchParams()
  if (email) query.set('email', email)
  if (platform !== 'web') query.set('platform', platform)
  const search = query.toString()
  return search ? `${PAGES.forgotPassword}?${search}` : PAGES.forgotPassword
}

/** The link itself is wrong: refused, or its token or address did not pass validation. */
const linkRefused = (error: unknown) =>
  error instanceof ApiError && (error.code === 'invalid_reset_token' || error.field('token') !== undefined || error.field('email') !== undefined)

export default function ResetPasswordPage() {
  const t = useT(strings)
  const { query } = useLocation()
  const platform = linkPlatform(query)
  const token = query.token ?? ''
  const email = query.email ?? ''
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [done, setDone] = useState(false)

  const reset = useAction(async () => {
    await api.post('/auth/reset-password', { token, email, password, password_confirmation: confirmation })
    setDone(true)
  })

  if (done) {
    return (
      <Page title={t('doneTitle')}>
        <div class="stack">
          <Notice kind="success">{t('done')}</Notice>
          <NextStep platform={platform} />
        </div>
      </Page>
    )
  }
  const newLink = <p><a href={newLinkHref(email, platform)}>{t('requestNew')}</a></p>
  if (!token || !email) {
    return <Page title={t('title')}><div class="stack"><Notice kind="error">{t('incomplete')}</Notice>{newLink}</div></Page>
  }
  const refused = linkRefused(reset.error)
  return (
    <Page title={t('title')}>
      <form class="card stack auth-section" onSubmit={onSubmit(reset.run)} noValidate>
        <p>{t('forAccount', { email })}</p>
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autocomplete="username" value={email} />
        <Field label={t('password')} type="password" name="password" autocomplete="new-password" required value={password}
          onValue={setPassword} hint={t('passwordHint')} error={reset.fieldError('password', t('password'))} />
        <Field label={t('confirmation')} type="password" name="password_confirmation" autocomplete="new-password" required
          value={confirmation} onValue={setConfirmation} error={reset.fieldError('password_confirmation', t('confirmation'))} />
        {refused && <><Notice kind="error">{t('invalid')}</Notice>{newLink}</>}
        {!refused && reset.formError !== undefined && <ErrorNotice error={reset.formError} />}
        <button type="submit" class="primary" disabled={reset.pending} aria-busy={reset.pending}>{t('submit')}</button>
      </form>
    </Page>
  )
}
