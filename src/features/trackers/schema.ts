import { sqliteTable, text, integer, real, index, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

export const TRACKER_KINDS = ['scale', 'yesno', 'number'] as const

/**
 * A person's own tracker (docs/api/trackers.md). Ids are integers like the check-ins': a day's `values` are keyed by
 * them, and a year of entries carries each key 365 times (a UUID would double the list's size).
 * a `scale` from `min` to `max` (integers, with optional words for
 * the ends), a `yesno`, or a `number` with a unit, optional bounds and `decimals`. The product spec's twelve
 * trackers are not rows here: they stay columns of `check_ins`. `name_key` is the lowercased name, unique per user
 * (an export's definitions are matched by it on import).
 */
export const trackers = sqliteTable('trackers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  kind: text('kind', { enum: TRACKER_KINDS }).notNull(),
  emoji: text('emoji'),
  position: integer('position').notNull(),
  min: real('min'),
  max: real('max'),
  minLabel: text('min_label'),
  maxLabel: text('max_label'),
  unit: text('unit'),
  decimals: integer('decimals').notNull().default(0),
  archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
  /** opt-in: friends see this tracker's recent values on the person's profile */
  shared: integer('shared', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [uniqueIndex('trackers_user_name_uq').on(t.userId, t.nameKey), index('trackers_user_position_idx').on(t.userId, t.position)])

/** A person's activity (a tag such as "family" or "reading"), optionally in a group; several per day. */
export const activities = sqliteTable('activities', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  groupName: text('group_name'),
  position: integer('position').notNull(),
  archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [uniqueIndex('activities_user_name_uq').on(t.userId, t.nameKey), index('activities_user_position_idx').on(t.userId, t.position)])

/**
 * A person's own sport, offered on the check-in beside the six built-in ones (docs/api/trackers.md §7). Its id is
 * what a day's `sport_ids` carry, in one number space with the built-in sport codes 1–6: the migration starts the
 * ids at 101, so an own sport's id never reads as a built-in code.
 */
export const sports = sqliteTable('sports', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  emoji: text('emoji'),
  position: integer('position').notNull(),
  archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [uniqueIndex('sports_user_name_uq').on(t.userId, t.nameKey), index('sports_user_position_idx').on(t.userId, t.position)])

export type TrackerRow = typeof trackers.$inferSelect
export type NewTracker = typeof trackers.$inferInsert
export type ActivityRow = typeof activities.$inferSelect
export type NewActivity = typeof activities.$inferInsert
export type SportRow = typeof sports.$inferSelect
export type NewSport = typeof sports.$inferInsert
