import { sqliteTable, text, integer, primaryKey, index } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/** Alert times and the day's start of a user (absent row: the defaults 07:00, 20:00 and 00:00). */
export const notificationSettings = sqliteTable('notification_settings', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  yourDayTime: text('your_day_time').notNull().default('07:00'),
  checkInTime: text('check_in_time').notNull().default('20:00'),
  dayStart: text('day_start').notNull().default('00:00'),
  updatedAt: integer('updated_at').notNull(),
})

/** A user's e-mail, ntfy and webhook channels; the token and the webhook secret are sealed under APP_KEY. */
export const notificationChannels = sqliteTable('notification_channels', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['email', 'ntfy', 'webhook'] }).notNull(),
  url: text('url'),
  tokenCipher: text('token_cipher'),
  secretCipher: text('secret_cipher'),
  priority: integer('priority'),
  /** JSON array of strings */
  tags: text('tags'),
  yourDay: integer('your_day', { mode: 'boolean' }).notNull(),
  checkIn: integer('check_in', { mode: 'boolean' }).notNull(),
  /** set when a permanent failure stopped the channel; cleared by an update */
  disabledReason: text('disabled_reason'),
  disabledAt: integer('disabled_at'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [index('notification_channels_user_idx').on(t.userId)])

/**
 * Exactly-once delivery per channel (hence user), alert kind and local date: a row is claimed (`sending`)
 * before sending; `retry` waits for `next_attempt_at`.
 */
export const notificationDeliveries = sqliteTable('notification_deliveries', {
  channelId: integer('channel_id').notNull().references(() => notificationChannels.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['your_day', 'check_in'] }).notNull(),
  localDate: text('local_date').notNull(),
  status: text('status', { enum: ['sending', 'sent', 'retry', 'failed'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at'),
  lastError: text('last_error'),
  createdAt: integer('created_at').notNull(),
}, (t) => [primaryKey({ columns: [t.channelId, t.kind, t.localDate] }), index('notification_deliveries_created_idx').on(t.createdAt)])

export type ChannelRow = typeof notificationChannels.$inferSelect
