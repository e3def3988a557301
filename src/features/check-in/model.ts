import { t } from 'elysia'
import { Envelope } from '../../lib/http/schemas'

const Tracker = (max: number) => t.Nullable(t.Integer({ description: `1–${max}` }))

/** check-in.md 1 — the public shape of an entry, keys in contract order. */
export const CheckInEntry = t.Object({
  id: t.Integer(),
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
})

export const CheckInListResponse = Envelope(t.Array(CheckInEntry))
export const CheckInResponse = Envelope(CheckInEntry)

/** Request body of the upsert, for the OpenAPI document only (validation lives in the service). */
const TrackerInput = (max: number) => t.Optional(t.Nullable(t.Integer({ minimum: 1, maximum: max })))
export const UpsertCheckInBody = t.Object({
  date: t.String({ format: 'date', description: 'YYYY-MM-DD; one entry per user and date' }),
  mood: TrackerInput(5),
  sleep: TrackerInput(5),
  dreams: TrackerInput(5),
  food_quality: TrackerInput(5),
  food_amount: TrackerInput(5),
  water: TrackerInput(5),
  sports: TrackerInput(6),
  work: TrackerInput(5),
  menstruation: TrackerInput(5),
  alcohol: TrackerInput(5),
  smoking: TrackerInput(5),
  social_life: TrackerInput(5),
})

/** Query parameters of the list, for the OpenAPI document only. */
export const checkInListParameters = [
  { name: 'from', in: 'query', required: false, schema: { type: 'string' as const, format: 'date' }, description: 'keep entries on or after this date' },
  { name: 'to', in: 'query', required: false, schema: { type: 'string' as const, format: 'date' }, description: 'keep entries on or before this date' },
]
