/**
 * Asks for a fresh confirmation link (docs/api/auth.md §3.5). The API answers alike whether or not the address waits
 * for confirmation, so the page can only say "if". With a known address (right after registering) it is one button.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Field, Notice } from '../../components/ui'
import type { LinkPlatform } from './link-platform'
import { resendStrings } from './strings'

export function ResendVerification({ knownEmail, platform }: { knownEmail?: string; platform: LinkPlatform }) {
  const t = useT(resendStrings)
  const [email, setEmail] = useState(knownEmail ?? '')
  const [sentTo, setSentTo] = useState<string>()
  const resend = useAction(async () => {
    setSentTo(undefined)
    await api.post('/auth/verify/resend', { email, platform })
    setSentTo(email)
  })
  return (
    <form class="stack" onSubmit={onSubmit(resend.run)} noValidate>
      {knownEmail === undefined && (
        <Field label={t('email')} type="email" name="email" autocomplete="email" required value={email} onValue={setEmail}
          error={resend.fieldError('email', t('email'))} />
      )}
      {sentTo !== undefined && <Notice kind="success">{t('sent', { email: sentTo })}</Notice>}
      {resend.formError !== undefined && <ErrorNotice error={resend.formError} />}
      <button type="submit" disabled={resend.pending} aria-busy={resend.pending}>{t(sentTo === undefined ? 'send' : 'again')}</button>
    </form>
  )
}
