import { sqliteTable, text, integer, real, index, primaryKey, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'
import { activities, trackers } from '../trackers/schema'

/** One check-in per user and date, enforced by the unique index the upsert conflicts on. */
export const checkIns = sqliteTable('check_ins', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  date: text('date').notNull(),
  mood: integer('mood'),
  sleep: integer('sleep'),
  dreams: integer('dreams'),
  foodQuality: integer('food_quality'),
  foodAmount: integer('food_amount'),
  water: integer('water'),
  sports: integer('sports'),
  work: integer('work'),
  menstruation: integer('menstruation'),
  alcohol: integer('alcohol'),
  smoking: integer('smoking'),
  socialLife: integer('social_life'),
  /**
   * the day's sports after `sports` (docs/api/check-in.md §6): a JSON array of built-in sport codes and own sport
   * ids, null when the day has at most the one in `sports`. Deleting an own sport takes it out (a trigger).
   */
  moreSports: text('more_sports'),
  /** a line about the day: Markdown, up to 10,000 characters */
  note: text('note'),
  /**
   * The day's own-tracker values and activity ids as the JSON the check-in answer carries (`{"12":3,"14":72.5}`,
   * `[4,7]`; null when none), kept by triggers on check_in_values and check_in_activities (migration
   * day_extras_as_json): never written by the code. A year's list reads them with its rows instead of joining
   * 2,500 more.
   */
  valuesJson: text('values_json'),
  activitiesJson: text('activities_json'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [uniqueIndex('check_ins_user_date_uq').on(t.userId, t.date)])

export type CheckInRow = typeof checkIns.$inferSelect

/**
 * The value of one of the person's own trackers on one day (docs/api/check-in.md §5): a scale's integer, a
 * number, or 1/0 for yes/no. Deleting the tracker or the entry deletes it.
 */
export const checkInValues = sqliteTable('check_in_values', {
  checkInId: integer('check_in_id').notNull().references(() => checkIns.id, { onDelete: 'cascade' }),
  trackerId: integer('tracker_id').notNull().references(() => trackers.id, { onDelete: 'cascade' }),
  value: real('value').notNull(),
}, (t) => [primaryKey({ columns: [t.checkInId, t.trackerId] }), index('check_in_values_tracker_idx').on(t.trackerId)])

/** An activity marked on one day; deleting the activity or the entry deletes the mark. */
export const checkInActivities = sqliteTable('check_in_activities', {
  checkInId: integer('check_in_id').notNull().references(() => checkIns.id, { onDelete: 'cascade' }),
  activityId: integer('activity_id').notNull().references(() => activities.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.checkInId, t.activityId] }), index('check_in_activities_activity_idx').on(t.activityId)])
