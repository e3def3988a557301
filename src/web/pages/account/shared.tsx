/**
 * Shapes of the account endpoints (docs/api/auth.md §1.2, 1.3), as the API declares them, and the bits the sections
 * share.
 */
import type { ComponentChildren } from 'preact'
import type { ApiData } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { locale, useLang, type Lang } from '../../lib/i18n'
import { useSession } from '../../lib/session'

export type Passkey = ApiData<'get', '/auth/passkeys'>[number]
export type SessionToken = ApiData<'get', '/auth/tokens'>[number]

/** A success or info line after an action; errors go through ErrorNotice. */
export interface Note { kind: 'success' | 'info' | 'error'; text: string }

/** Label and value pairs under a list item's title. */
export function Meta({ items }: { items: [label: string, value: ComponentChildren][] }) {
  return (
    <dl class="account-meta">
      {items.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
    </dl>
  )
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31_536_000], ['month', 2_592_000], ['week', 604_800], ['day', 86_400], ['hour', 3_600], ['minute', 60]]

/** How long ago `iso` was, in the words of `lang` ("5 minutes ago", "vor 2 Stunden", "hier"): the largest whole unit. */
export function agoInWords(iso: string, lang: Lang, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000)
  const words = new Intl.RelativeTimeFormat(locale(lang), { numeric: 'auto' })
  for (const [unit, size] of UNITS) if (seconds >= size) return words.format(-Math.floor(seconds / size), unit)
  return words.format(0, 'second')
}

/** An instant as time ago in words, with the exact time in the user's formats on hover. */
export function Ago({ iso }: { iso: string }) {
  const lang = useLang()
  const { prefs } = useSession()
  return <time dateTime={iso} title={formatDateTime(iso, prefs)}>{agoInWords(iso, lang)}</time>
}
