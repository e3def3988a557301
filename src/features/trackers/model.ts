import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope, IntIdParam, NullEnvelope, PathParams } from '../../lib/http/schemas'
import { f, rules } from '../../lib/validation'
import { TRACKER_KINDS } from './schema'

/** docs/api/trackers.md §1: how many of each a person may define (a check-in page stays a page). */
export const MAX_TRACKERS = 50
export const MAX_ACTIVITIES = 200
export const MAX_SPORTS = 50
/** The widest scale: 0–10. */
export const SCALE_LIMIT = 10
/** Bounds of a `number` tracker's values, so every value fits a double exactly at 3 decimals. */
export const NUMBER_LIMIT = 1_000_000_000

const name = f.string().max(50).describe('unique per person, case-insensitively')
const position = f.integer().between(0, 10_000).describe('the place in the person\'s order (lowest first)')

/**
 * The fields of a tracker as a client sends them (docs/api/trackers.md §2). Which apply depends on the kind:
 * `min`/`max` (a scale's integer ends; a number's optional bounds), `min_label`/`max_label` (a scale's words),
 * `unit` and `decimals` (a number's). The verb checks them against the kind, on the definition as it will be.
 */
const trackerFields = {
  emoji: f.string().nullable().max(16).describe('an emoji or a short icon name'),
  min: f.number().nullable().between(-NUMBER_LIMIT, NUMBER_LIMIT),
  max: f.number().nullable().between(-NUMBER_LIMIT, NUMBER_LIMIT),
  min_label: f.string().nullable().max(40),
  max_label: f.string().nullable().max(40),
  unit: f.string().nullable().max(16),
  decimals: f.integer().between(0, 3),
  archived: f.boolean().describe('hidden from the check-in, its values kept'),
  shared: f.boolean().describe('friends see its recent values'),
}

export const CreateTrackerBody = rules({
  name: name.required(),
  kind: f.string().required().oneOf(TRACKER_KINDS),
  ...trackerFields,
})

/** The kind is fixed at creation (values of one kind mean nothing in another): a PATCH ignores it. */
export const UpdateTrackerBody = rules({ name, ...trackerFields, position })

export const CreateActivityBody = rules({
  name: name.required(),
  group: f.string().nullable().max(40).describe('e.g. "people", "hobbies"'),
  archived: f.boolean(),
})

/** A new definition goes to the end of the order; `position` moves it later. */
export const UpdateActivityBody = rules({ ...CreateActivityBody.fields, name, position })

export const CreateSportBody = rules({
  name: name.required(),
  emoji: trackerFields.emoji,
  archived: f.boolean().describe('no longer offered on the check-in; the days that have it keep it'),
})

export const UpdateSportBody = rules({ ...CreateSportBody.fields, name, position })

export const DefinitionParams = PathParams({ id: IntIdParam })

const Timestamps = { created_at: t.String(), updated_at: t.String() }

/** docs/api/trackers.md §1: a tracker, keys in this order. */
export const Tracker = t.Object({
  id: Type.Integer(),
  name: t.String(),
  kind: t.UnionEnum(TRACKER_KINDS),
  emoji: t.Nullable(t.String()),
  position: Type.Integer(),
  min: t.Nullable(t.Number()),
  max: t.Nullable(t.Number()),
  min_label: t.Nullable(t.String()),
  max_label: t.Nullable(t.String()),
  unit: t.Nullable(t.String()),
  decimals: Type.Integer(),
  archived: t.Boolean(),
  shared: t.Boolean(),
  ...Timestamps,
})

export const Activity = t.Object({
  id: Type.Integer(),
  name: t.String(),
  group: t.Nullable(t.String()),
  position: Type.Integer(),
  archived: t.Boolean(),
  ...Timestamps,
})

/**
 * docs/api/trackers.md §7: a sport of the person's list — the six built-in ones (ids 1–6, the sport codes; named by
 * their settings names, `offered` when the check-in settings select them), then their own (ids from 101).
 */
export const Sport = t.Object({
  id: Type.Integer(),
  name: t.String(),
  emoji: t.Nullable(t.String()),
  builtin: t.Boolean(),
  offered: t.Boolean({ description: 'the check-in offers it: a built-in one in the selected sports, an own one not archived' }),
  position: Type.Integer(),
  archived: t.Boolean(),
  created_at: t.Nullable(t.String()),
  updated_at: t.Nullable(t.String()),
})

export const TrackerList = Envelope(t.Array(Tracker))
export const TrackerEnvelope = Envelope(Tracker)
export const ActivityList = Envelope(t.Array(Activity))
export const ActivityEnvelope = Envelope(Activity)
export const SportList = Envelope(t.Array(Sport))
export const SportEnvelope = Envelope(Sport)
export const DefinitionDeleted = NullEnvelope
