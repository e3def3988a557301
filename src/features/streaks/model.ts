import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope } from '../../lib/http/schemas'
import { f, rules } from '../../lib/validation'
import { isValidDate } from '../../lib/values'

/** docs/api/streaks.md §2: at most this many missed days a month, and this many paused ranges. */
export const MAX_SKIP_DAYS = 10
export const MAX_PAUSES = 50
/** A pause is a holiday or an illness: a year at most, so a mistyped range cannot pause everything. */
export const MAX_PAUSE_DAYS = 366

const isPause = (v: unknown): v is { from: string; to: string } =>
  typeof v === 'object' && v !== null && isValidDate((v as { from?: unknown }).from) && isValidDate((v as { to?: unknown }).to)

/** docs/api/streaks.md §2 — a key not sent keeps its rule. */
export const StreakRulesBody = rules({
  skip_days_per_month: f.integer().between(0, MAX_SKIP_DAYS).describe('missed days a run may skip in each calendar month'),
  pauses: f.array().check<{ from: string; to: string }[]>((v, a) => {
    if (v.length > MAX_PAUSES) return `The ${a} field must not have more than ${MAX_PAUSES} items.`
    for (const [i, pause] of v.entries()) {
      if (!isPause(pause)) return `The ${a}.${i} field must be an object with the dates from and to (YYYY-MM-DD).`
      const days = (Date.parse(pause.to) - Date.parse(pause.from)) / 86_400_000 + 1
      if (days < 1 || days > MAX_PAUSE_DAYS) return `The ${a}.${i} field must end on or after its start and last at most ${MAX_PAUSE_DAYS} days.`
    }
    return { value: (v as { from: string; to: string }[]).map(({ from, to }) => ({ from, to })) }
  }, { type: 'array', maxItems: MAX_PAUSES, items: { type: 'object', properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } } } }),
  shared: f.boolean().describe('friends see the check-in streak on the person\'s profile'),
})

const Run = {
  current: Type.Integer(),
  current_since: t.Nullable(t.String({ description: 'YYYY-MM-DD' })),
  longest: Type.Integer(),
  longest_from: t.Nullable(t.String()),
  longest_to: t.Nullable(t.String()),
}

const Pause = t.Object({ from: t.String(), to: t.String() })

export const StreakRules = t.Object({ skip_days_per_month: Type.Integer(), pauses: t.Array(Pause), shared: t.Boolean() })

/** docs/api/streaks.md §1 */
export const Streaks = t.Object({
  today: t.String({ description: 'the person\'s today, YYYY-MM-DD' }),
  check_in: t.Object(Run),
  trackers: t.Array(t.Object({ tracker_id: Type.Integer(), name: t.String(), ...Run })),
  rules: StreakRules,
})

export const StreaksEnvelope = Envelope(Streaks)
export const StreakRulesEnvelope = Envelope(StreakRules)
