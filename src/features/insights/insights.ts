/**
 * What a person's days say (docs/api/insights.md): `computeInsights` is the whole computation for one person and
 * period — the weekly look back and the your-day line call it too — and `showInsights` the endpoint's verb.
 */
import type { Static } from 'elysia'
import type { Actor } from '../../lib/actor'
import type { Deps } from '../../lib/deps'
import { fieldError } from '../../lib/errors'
import { userToday } from '../../lib/local-time'
import type { Unchecked } from '../../lib/validation'
import type { UserRow } from '../users/schema'
import { kept } from './cache'
import { DEFAULT_DAYS, InsightsQuery, MAX_DAYS, type Insights } from './model'
import { strongestPairs } from './pairs'
import { buildGrid, civilDay, dateOf, dayNumber, isRecorded, seriesDefs } from './series'
import { MIN_DAYS } from './stats'
import { bestAndWorstWeeks, rounded, trends, weekdays } from './summaries'
import { pairSentence, seriesName } from './texts'
import { languageOf } from '../users/setting-values'

export type InsightsData = Static<typeof Insights>
type InsightsDeps = Pick<Deps, 'stores'>

const addDays = (date: string, days: number) => dateOf(dayNumber(date) + days)

/** The first day the trends need: the first of the third calendar month before `to`'s (year 0 at the earliest). */
const trendsStart = (to: string) => dateOf(civilDay(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 3, 1))

/**
 * The insights of `user`'s days from `from` to `to` (YYYY-MM-DD, from ≤ to), in their language; kept until their
 * next check-in write (cache.ts). The definitions are read each time (three small reads): a renamed, archived or
 * deleted tracker, activity or sport changes the key, so nothing kept names or counts what is no longer there (a
 * deleted tracker's values go with it, which no check-in write says).
 */
export async function computeInsights(deps: InsightsDeps, user: Pick<UserRow, 'id' | 'language'>, from: string, to: string): Promise<InsightsData> {
  const [trackers, activities, sports] = await Promise.all([
    deps.stores.trackers.list(user.id), deps.stores.activities.list(user.id), deps.stores.sports.list(user.id),
  ])
  const defs = seriesDefs(trackers, activities, sports)
  const lang = languageOf(user.language)
  // What of each definition the result shows or depends on: a change of any (even within the same millisecond) is a new key.
  const definitions = JSON.stringify(defs.map(({ key, kind, name, unit, decimals }) => [key, kind, name, unit, decimals]))
  return kept(deps.stores.checkIns, user.id, `${from} ${to} ${lang} ${definitions}`, async () => {
    const first = from < trendsStart(to) ? from : trendsStart(to)
    const grid = buildGrid(defs, await deps.stores.checkIns.list(user.id, first, to), first, to)
    const start = dayNumber(from) - grid.first
    const end = grid.length
    let days = 0
    for (let i = start; i < end; i++) days += grid.entries[i]!
    return {
      from, to, days, min_days: MIN_DAYS,
      series: grid.series.filter(isRecorded).map((s) => ({ key: s.key, name: seriesName(s, lang), kind: s.kind, unit: s.unit, decimals: s.decimals })),
      pairs: strongestPairs(grid, start, end).map(({ a, b, lag, stats }) => ({
        a: a.key, b: b.key, lag, n: stats.n, rho: rounded(stats.rho, 3), rho_adjusted: rounded(stats.adjusted, 3),
        mean_high: rounded(stats.meanHigh), mean_low: rounded(stats.meanLow), days_high: stats.daysHigh, days_low: stats.daysLow,
        text: pairSentence(lang, a, b, lag, stats),
      })),
      weekdays: weekdays(grid, start, end),
      trends: trends(grid, end - 1),
      weeks: bestAndWorstWeeks(grid, start, end),
    }
  })
}

/**
 * docs/api/insights.md §1 — the period asked for: by default the DEFAULT_DAYS ending on the person's today, `to`
 * on or after `from`, at most MAX_DAYS long.
 */
export function insightsPeriod(query: Unchecked<typeof InsightsQuery>, today: string): { from: string; to: string } {
  const input = InsightsQuery.validate(query)
  const to = input.to ?? today
  const from = input.from ?? addDays(to, 1 - DEFAULT_DAYS)
  if (to < from) {
    throw input.to === undefined
      ? fieldError('from', 'The from field must be a date before or equal to today.')
      : fieldError('to', 'The to field must be a date after or equal to from.')
  }
  if (dayNumber(to) - dayNumber(from) >= MAX_DAYS) throw fieldError('from', `The from field must be a date at most ${MAX_DAYS - 1} days before to.`)
  return { from, to }
}

/** docs/api/insights.md — the actor's insights over the period asked for. */
export function showInsights(deps: InsightsDeps & Pick<Deps, 'clock'>, actor: Actor, query: Unchecked<typeof InsightsQuery>): Promise<InsightsData> {
  const { from, to } = insightsPeriod(query, userToday(actor.user, deps.clock))
  return computeInsights(deps, actor.user, from, to)
}
