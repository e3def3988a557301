import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import type { TUnsafe } from '@sinclair/typebox'
import { Envelope } from '../../lib/http/schemas'
import { f, queryRules, rules } from '../../lib/validation'
import { isValidDate } from '../../lib/values'
import { TRACKERS, type TrackerKey } from './trackers'

/** The longest note of a day, in characters. */
export const NOTE_MAX = 10_000
/** The most sports one day can have. */
export const DAY_SPORTS_MAX = 12

/** A tracker value: an integer from 1 to `max`, or null; anything else is "invalid" (docs/api/check-in.md §3). */
const tracker = (max: number) => f.any().nullable().check<number>((v, a) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= max ? undefined : `The selected ${a} is invalid.`,
{ type: 'integer', minimum: 1, maximum: max })

/** docs/api/check-in.md §3: the body of the upsert; trackers not sent keep their value. */
export const UpsertCheckIn = rules({
  // Any non-date value (numbers included) gets the date message rather than "must be a string".
  date: f.any().required().date().describe('YYYY-MM-DD; one entry per user and date'),
  // Object.fromEntries cannot name its keys; TRACKERS' keys are exactly TrackerKey.
  ...Object.fromEntries(TRACKERS.map((t) => [t.key, tracker(t.max)])) as Record<TrackerKey, ReturnType<typeof tracker>>,
  // §5: checked against the person's own trackers and activities by the verb (extras.ts)
  values: f.object().nullable().describe('own trackers: tracker id → value (null clears one); null clears every value of the day'),
  activities: f.array().nullable().describe('the day\'s activity ids, replacing the stored set; null clears them'),
  // §6: checked against the built-in codes and the person's own sports by the verb (extras.ts)
  sport_ids: f.array().nullable().check((v: unknown[], a) => v.length > DAY_SPORTS_MAX ? `The ${a} field must not have more than ${DAY_SPORTS_MAX} items.` : undefined,
    { maxItems: DAY_SPORTS_MAX, description: 'every sport of the day: built-in codes 1–6 and own sport ids, replacing the day\'s; null clears them' }),
  note: f.string().nullable().max(NOTE_MAX).describe('a line about the day, Markdown'),
})

/** docs/api/check-in.md §2: the list's optional date range. */
export const CheckInListQuery = queryRules({
  from: f.string().date().describe('keep entries on or after this date'),
  to: f.string().date().describe('keep entries on or before this date').check((v, a, input) =>
    isValidDate(input.from) && v < (input.from as string) ? `The ${a} field must be a date after or equal to from.` : undefined),
})

/**
 * A day's own-tracker values: an object of numbers keyed by tracker id. Declared as an object with
 * `additionalProperties` (a TypeBox Record's per-key pattern check tripled a year's answer time) and typed as the
 * record it is, so clients read `Record<string, number>`.
 */
const OwnValues = t.Object({}, { additionalProperties: t.Number(), description: 'own trackers: tracker id → value (yes/no: 1 or 0)' }) as unknown as TUnsafe<Record<string, number>>

const Tracker = (max: number) => t.Nullable(Type.Integer({ description: `1–${max}` }))

/** docs/api/check-in.md §1 — the public shape of an entry, keys in contract order. */
export const CheckInEntry = t.Object({
  id: Type.Integer(),
  date: t.String({ description: 'YYYY-MM-DD' }),
  mood: Tracker(5),
  sleep: Tracker(5),
  dreams: Tracker(5),
  food_quality: Tracker(5),
  food_amount: Tracker(5),
  water: Tracker(5),
  sports: Tracker(6),
  work: Tracker(5),
  menstruation: Tracker(5),
  alcohol: Tracker(5),
  smoking: Tracker(5),
  social_life: Tracker(5),
  created_at: t.String(),
  updated_at: t.String(),
  values: OwnValues,
  activities: t.Array(Type.Integer(), { description: 'activity ids' }),
  sport_ids: t.Array(Type.Integer(), { description: 'every sport of the day, `sports` first: built-in codes 1–6 and own sport ids' }),
  note: t.Nullable(t.String()),
})

export const CheckInListResponse = Envelope(t.Array(CheckInEntry))
export const CheckInResponse = Envelope(CheckInEntry)
