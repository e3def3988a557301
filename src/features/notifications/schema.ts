import { sqliteTable, text, integer, primaryKey, index } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/**
 * Alert times of a user (absent row: the defaults 07:00, 20:00 and Sunday 19:00); the day's start is on the users
 * row. `weeklyTelegram` is the weekly summary's switch for the linked chat: the chat bot's own switches are the daily
 * alerts', and the weekly one lives here so that the summary stays one feature's setting on every channel.
 */
export const notificationSettings = sqliteTable('notification_settings', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  yourDayTime: text('your_day_time').notNull().default('07:00'),
  checkInTime: text('check_in_time').notNull().default('20:00'),
  weeklyTime: text('weekly_time').notNull().default('19:00'),
  weeklyTelegram: integer('weekly_telegram', { mode: 'boolean' }).notNull().default(false),
  /**
   * JSON {pair key: local date}: when the your-day message last said each insight, so a line is said again only after
   * a quiet while (your-day-insight.ts); entries older than that are dropped at each write
   */
  saidInsights: text('said_insights').notNull().default('{}'),
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
  /** the weekly summary: opt-in, so off for channels made before it existed */
  weekly: integer('weekly', { mode: 'boolean' }).notNull().default(false),
  /** set when a permanent failure stopped the channel; cleared by an update */
  disabledReason: text('disabled_reason'),
  disabledAt: integer('disabled_at'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [index('notification_channels_user_idx').on(t.userId)])

/** The delivery log's name for the linked Telegram chat; a notification channel is logged under its id. */
export const TELEGRAM_CHANNEL = 'telegram'

/**
 * The one delivery log: exactly once per user, channel, alert kind and local date (the weekly summary's is the
 * Sunday it sums up, so once per week). A row is claimed
 * (`sending`) before sending; `retry` waits for `next_attempt_at`; `skipped` is a reminder for a day that
 * already had its check-in. `channel` is `telegram` or the id of one of the user's notification channels
 * (ids are never reused, so a deleted channel's rows can simply age out).
 */
export const notificationDeliveries = sqliteTable('notification_deliveries', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  channel: text('channel').notNull(),
  kind: text('kind', { enum: ['your_day', 'check_in', 'weekly'] }).notNull(),
  localDate: text('local_date').notNull(),
  status: text('status', { enum: ['sending', 'sent', 'skipped', 'retry', 'failed'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at'),
  lastError: text('last_error'),
  createdAt: integer('created_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.channel, t.kind, t.localDate] }),
  index('notification_deliveries_created_idx').on(t.createdAt),
])

export type ChannelRow = typeof notificationChannels.$inferSelect
