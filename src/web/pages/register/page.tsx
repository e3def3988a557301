/**
 * Registration (docs/api/auth.md §3.2). The API issues no token, and whether the address must be confirmed first is the
 * server's setting, so the page signs in with the new credentials right away and lets the answer decide: a
 * token means the account is ready (off to the start page); `email_not_verified` means a mail is on its way.
 */
import { useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { api, ApiError } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, Notice, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { ResendVerification } from '../verify/resend'
import { strings } from './strings'
import { nextPath, withNext } from '../../lib/next-path'

/** After registering: the mail to confirm, or (when signing in failed for another reason) the sign-in page. */
type Outcome = { next: 'confirm'; email: string } | { next: 'sign-in' }

export default function RegisterPage() {
  const t = useT(strings)
  const lang = useLang()
  const session = useSession()
  const { route, query } = useLocation()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [outcome, setOutcome] = useState<Outcome>()

  const register = useAction(async () => {
    // The verification mail is written in the language the page is shown in.
    await api.post('/auth/register', { name, email, password, password_confirmation: confirmation, language: lang, platform: 'web' })
    try {
      const signedIn = await api.post('/auth/login', { email, password, platform: 'web' })
      await session.signIn(signedIn.token)
      route(nextPath(query), true)
    } catch (error) {
      setOutcome(error instanceof ApiError && error.code === 'email_not_verified' ? { next: 'confirm', email } : { next: 'sign-in' })
    }
  })

  if (outcome?.next === 'confirm') {
    return (
      <Page title={t('checkTitle')}>
        <div class="stack">
          <Notice kind="success">{t('sent', { email: outcome.email })}</Notice>
          <p>{t('afterConfirm')} <a href={withNext(PAGES.signIn, query)}>{t('signIn')}</a></p>
          <section class="card stack auth-section" aria-labelledby="no-mail">
            <h2 id="no-mail">{t('noMailTitle')}</h2>
            <p>{t('noMail')}</p>
            <ResendVerification knownEmail={outcome.email} platform="web" />
          </section>
        </div>
      </Page>
    )
  }
  if (outcome?.next === 'sign-in') {
    return (
      <Page title={t('createdTitle')}>
        <div class="stack">
          <Notice kind="success">{t('created')}</Notice>
          <p><a class="button-link" href={withNext(PAGES.signIn, query)}>{t('signIn')}</a></p>
        </div>
      </Page>
    )
  }
  return (
    <Page title={t('title')}>
      <form class="card stack" onSubmit={onSubmit(register.run)} noValidate>
        <Field label={t('name')} name="name" autocomplete="name" required maxLength={255} value={name} onValue={setName}
          error={register.fieldError('name', t('name'))} />
        <Field label={t('email')} type="email" name="email" autocomplete="email" required value={email} onValue={setEmail}
          error={register.fieldError('email', t('email'))} />
        <Field label={t('password')} type="password" name="password" autocomplete="new-password" required value={password}
          onValue={setPassword} hint={t('passwordHint')} error={register.fieldError('password', t('password'))} />
        <Field label={t('confirmation')} type="password" name="password_confirmation" autocomplete="new-password" required
          value={confirmation} onValue={setConfirmation} error={register.fieldError('password_confirmation', t('confirmation'))} />
        {register.formError !== undefined && <ErrorNotice error={register.formError} />}
        <button type="submit" class="primary" disabled={register.pending} aria-busy={register.pending}>{t('submit')}</button>
      </form>
      <p>{t('haveAccount')} <a href={withNext(PAGES.signIn, query)}>{t('signIn')}</a></p>
    </Page>
  )
}
