/**
 * Asks for a password-reset mail (docs/api/auth.md §3.6). The API answers alike whether or not the account exists, so
 * the page says "if". Arriving from a dead reset link, the address (and the app the link was for) come along in
 * the query, so the new link is one click away. A server without a mail server (GET /instance: `outbox`) keeps the
 * mail in its outbox, which only the admin reads: the page says so before and after, and sends the person to the admin.
 */
import { useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { api } from '../../lib/api'
import { useLoad } from '../../lib/use-load'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, Notice, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { linkPlatform } from '../verify/link-platform'
import { strings } from './strings'

export default function ForgotPasswordPage() {
  const t = useT(strings)
  const { query } = useLocation()
  const platform = linkPlatform(query)
  const [email, setEmail] = useState(query.email ?? '')
  const [sentTo, setSentTo] = useState<string>()
  // Until the server has said where its mails go, no intro: the wrong one would promise a mail or send to the admin.
  const instance = useLoad((signal) => api.get('/instance', { signal }), [])
  const outbox = instance.data?.email_delivery === 'outbox'

  const send = useAction(async () => {
    setSentTo(undefined)
    await api.post('/auth/forgot-password', { email, platform })
    setSentTo(email)
  })

  return (
    <Page title={t('title')}>
      <form class="card stack auth-section" onSubmit={onSubmit(send.run)} noValidate>
        {instance.state !== 'loading' && <p>{t(outbox ? 'introOutbox' : 'intro')}</p>}
        <Field label={t('email')} type="email" name="email" autocomplete="email" required value={email} onValue={setEmail}
          error={send.fieldError('email', t('email'))} />
        {sentTo !== undefined && <Notice kind="success">{t(outbox ? 'sentOutbox' : 'sent', { email: sentTo })}</Notice>}
        {sentTo !== undefined && !outbox && <p>{t('noMail')}</p>}
        {send.formError !== undefined && <ErrorNotice error={send.formError} />}
        <button type="submit" class="primary" disabled={send.pending} aria-busy={send.pending}>
          {t(sentTo === undefined ? (outbox ? 'submitOutbox' : 'submit') : (outbox ? 'againOutbox' : 'again'))}
        </button>
      </form>
      <p><a href={PAGES.signIn}>{t('back')}</a></p>
    </Page>
  )
}
