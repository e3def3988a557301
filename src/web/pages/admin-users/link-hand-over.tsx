/**
 * A one-time link the admin hands over (docs/api/auth.md §6): the link to copy, and until when it works, as a date on
 * the admin's clock and in words ("in 3 days"). Its secret is shown here only: the server never shows it again.
 */
import { formatDateTime, locale } from '../../lib/format'
import { useLang, useT, type Lang } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { Notice } from '../../components/ui'
import { CopyButton } from '../../components/copy-button'
import { strings } from './strings'

export interface AccountLink { url: string; expires_at: string }

const HOUR = 3_600_000

/** "in 3 days", "in 5 hours", in the app's language, rounded to what a person would say. */
function within(iso: string, lang: Lang): string {
  const hours = Math.max(1, Math.round((Date.parse(iso) - Date.now()) / HOUR))
  const words = new Intl.RelativeTimeFormat(locale(lang), { numeric: 'auto' })
  return hours >= 36 ? words.format(Math.round(hours / 24), 'day') : words.format(hours, 'hour')
}

export function LinkHandOver({ name, link, purpose }: { name: string; link: AccountLink; purpose: 'invite' | 'reset' }) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  return (
    <div class="stack link-hand-over">
      <Notice kind="success">{t(purpose === 'invite' ? 'inviteReady' : 'resetReady', { name })}</Notice>
      <p class="link-url"><code>{link.url}</code></p>
      <CopyButton text={link.url} label={t('copyLink', { name })} />
      <p class="hint">{t('linkValid', { when: formatDateTime(link.expires_at, prefs), within: within(link.expires_at, lang) })}</p>
    </div>
  )
}
