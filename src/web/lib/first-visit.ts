/**
 * An account's first visit (`settings.first_visit`, until `complete-onboarding`): it takes the browser's timezone and
 * language before any page draws a date, and it is led to the welcome page.
 */
import { api } from './api'
import { LANGS, type Lang } from './i18n'
import type { ApiData } from './api-types'
import { PAGES } from '../paths'

type User = ApiData<'get', '/users/me'>

/** The browser's IANA zone, or undefined where the browser names none. */
export function browserTimezone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
}

/**
 * The zone a server without DEFAULT_TIMEZONE gives every new account. An account still there on its first visit is
 * one nobody placed; a zone the admin chose with DEFAULT_TIMEZONE is kept, and the welcome offers the browser's.
 */
const UNCHOSEN_ZONES = new Set(['UTC', 'Etc/UTC'])
/** The language of an account made without one (the CLI, an admin). */
const UNCHOSEN_LANG: Lang = 'en'

/**
 * Stores the browser's timezone and `lang` (the sign-in page's language: the browser's, unless picked there) on an
 * account in its first visit that still has the unchosen ones. True when something changed, so the caller reads the
 * user again. A refused value (a zone the server does not know) changes nothing and stops nobody: the welcome asks.
 */
export async function adoptBrowserSettings(user: User, lang: Lang): Promise<boolean> {
  if (!user.settings.first_visit) return false
  const zone = browserTimezone()
  const writes: Promise<unknown>[] = []
  if (zone && UNCHOSEN_ZONES.has(user.settings.timezone) && !UNCHOSEN_ZONES.has(zone)) {
    writes.push(api.put('/users/me/settings/timezone', { timezone: zone }))
  }
  if (user.settings.language === UNCHOSEN_LANG && lang !== UNCHOSEN_LANG && LANGS.includes(lang)) {
    writes.push(api.put('/users/me/settings/language', { language: lang }))
  }
  const results = await Promise.allSettled(writes)
  return results.some((result) => result.status === 'fulfilled')
}

/** Who has seen the welcome since the app was loaded: led there once, the person may then go anywhere. */
let welcomedUserId: string | undefined

/** Called by the welcome page when it is shown. */
export const markWelcomeShown = (userId: string) => { welcomedUserId = userId }

/** The welcome's address for an account in its first visit that has not been led there yet, else undefined. */
export function welcomeLead(user: User | null, url: string): string | undefined {
  if (!user?.settings.first_visit || welcomedUserId === user.id) return undefined
  return `${PAGES.welcome}?next=${encodeURIComponent(url)}`
}

/** Where the welcome goes on to: the page the person was going to, if it is one of ours, else today. */
export function nextPage(next: string | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith(PAGES.welcome) ? next : PAGES.today
}
