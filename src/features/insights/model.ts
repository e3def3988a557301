import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope } from '../../lib/http/schemas'
import { f, queryRules } from '../../lib/validation'

/** docs/api/insights.md §1: without dates, the 90 days ending today; at most five years (with their leap days). */
export const DEFAULT_DAYS = 90
export const MAX_DAYS = 5 * 365 + 2

export const InsightsQuery = queryRules({
  from: f.string().date().describe(`first day (YYYY-MM-DD); by default ${DEFAULT_DAYS - 1} days before to`),
  to: f.string().date().describe('last day (YYYY-MM-DD); by default the person\'s today'),
})

const Key = t.Union([t.String(), Type.Integer()], { description: 'a built-in rating (mood), an own tracker\'s id, activity:{id} or sport:{id}' })
const Mean = t.Nullable(t.Number())

const Series = t.Object({
  key: Key,
  name: t.String({ description: 'in the person\'s language for the built-in ones' }),
  kind: t.UnionEnum(['rating', 'scale', 'number', 'yesno', 'activity', 'sport']),
  unit: t.Nullable(t.String()),
  decimals: Type.Integer(),
})

const Pair = t.Object({
  a: Key,
  b: Key,
  lag: Type.Integer({ description: '0: the same day; 1: a on one day, b on the next' }),
  n: Type.Integer({ description: 'days with both' }),
  rho: t.Number({ description: 'Spearman\'s rank correlation' }),
  rho_adjusted: t.Number({ description: 'rho pulled toward 0 by few days; the pairs are ranked by it' }),
  mean_high: t.Number({ description: 'b\'s mean on days a is high (a factor: with it)' }),
  mean_low: t.Number(),
  days_high: Type.Integer(),
  days_low: Type.Integer(),
  text: t.String({ description: 'the pair as a sentence in the person\'s language' }),
})

const Week = t.Object({ week: t.String({ description: 'ISO week, 2026-W26' }), from: t.String(), to: t.String(), mean: t.Number(), days: Type.Integer() })

/** docs/api/insights.md §2–4 */
export const Insights = t.Object({
  from: t.String(),
  to: t.String(),
  days: Type.Integer({ description: 'days with a check-in from from to to' }),
  min_days: Type.Integer({ description: 'days of both a pair needs to be looked at' }),
  series: t.Array(Series),
  pairs: t.Array(Pair),
  weekdays: t.Array(t.Object({ key: Key, means: t.Array(Mean, { description: 'Monday first' }), days: t.Array(Type.Integer()) })),
  trends: t.Array(t.Object({ key: Key, month: t.String(), mean: Mean, n: Type.Integer(), previous_mean: Mean, previous_n: Type.Integer() })),
  weeks: t.Object({ best: t.Array(Week), worst: t.Array(Week) }),
})

export const InsightsEnvelope = Envelope(Insights)
