/**
 * The your-day message's insight line (docs/api/notifications.md §3): the strongest insight of the 90 days ending
 * that day (features/insights) that is strong enough and was not said in the last QUIET_DAYS, at most one a day. What
 * was said when is a small JSON record on the person's notification settings row; a line said today is said again
 * the same day (a retry, the bot's /day), so every channel of one morning reads the same.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { UserRow } from '../users/schema'
import { computeInsights, type InsightsData } from '../insights/insights'
import { DEFAULT_DAYS } from '../insights/model'
import { dateOf, dayNumber } from '../insights/series'
import { notificationSettings } from './schema'

/** Stronger than the insights page's own threshold (0.3), so that a morning line is the exception. */
export const LINE_STRENGTH = 0.4
/** An insight said once is not said again for four weeks. */
export const QUIET_DAYS = 28

type Said = Record<string, string>
type Pair = InsightsData['pairs'][number]

const keyOf = (pair: Pair) => `${pair.a} ${pair.b} ${pair.lag}`

/** The record as stored; an unreadable one counts as empty (nothing worse follows than a line said again). */
function readSaid(json: string | undefined): Said {
  try {
    const value: unknown = JSON.parse(json ?? '{}')
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    return Object.fromEntries(Object.entries(value).filter(([, date]) => typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)))
  } catch {
    return {}
  }
}

function saveSaid(deps: Pick<Deps, 'db' | 'clock'>, userId: string, said: Said): void {
  const json = JSON.stringify(said)
  deps.db.insert(notificationSettings).values({ userId, saidInsights: json, updatedAt: deps.clock.now() })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { saidInsights: json } }).run()
}

/** The line for `date` (the person's local date), recorded as said; undefined when no strong one is new. */
export async function yourDayInsight(deps: Pick<Deps, 'db' | 'clock' | 'stores'>, user: UserRow, date: string): Promise<string | undefined> {
  const { pairs } = await computeInsights(deps, user, dateOf(dayNumber(date) + 1 - DEFAULT_DAYS), date)
  const strong = pairs.filter((pair) => Math.abs(pair.rho_adjusted) >= LINE_STRENGTH)
  if (strong.length === 0) return undefined
  const row = deps.db.select({ said: notificationSettings.saidInsights }).from(notificationSettings)
    .where(eq(notificationSettings.userId, user.id)).get()
  const said = readSaid(row?.said)
  const today = strong.find((pair) => said[keyOf(pair)] === date)
  if (today) return today.text
  const quietSince = dateOf(dayNumber(date) - QUIET_DAYS)
  const fresh = strong.find((pair) => (said[keyOf(pair)] ?? '') <= quietSince)
  if (!fresh) return undefined
  // Entries past the quiet while say nothing any more: dropped, so the record stays a few entries long.
  const kept = Object.fromEntries(Object.entries(said).filter(([, when]) => when > quietSince))
  saveSaid(deps, user.id, { ...kept, [keyOf(fresh)]: date })
  return fresh.text
}
