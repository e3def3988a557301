import { sqliteTable, text, integer, real, index } from 'drizzle-orm/sqlite-core'
import { DATE_FORMATS, LANGUAGES, TEMPERATURE_UNITS, TIME_FORMATS } from './setting-values'

/** An account with its profile and settings (one row: every user has exactly one of each). Times are epoch ms. */
export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** lowercased e-mail: the case-insensitive unique key */
  emailKey: text('email_key').notNull().unique(),
  /**
   * argon2id; '' (NO_PASSWORD in auth/passwords) while a member an admin created has not set one, or for good if
   * they chose a passkey. Not a nullable column: SQLite cannot drop NOT NULL without rebuilding `users`, and a
   * rebuild inside the migration's transaction would cascade-delete every row that references it.
   */
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin', 'super_admin'] }).notNull().default('user'),
  emailVerifiedAt: integer('email_verified_at'),
  /** a new address waiting for its verification; sign-in stays on `email` until then */
  pendingEmail: text('pending_email'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  profileImagePath: text('profile_image_path'),
  language: text('language', { enum: LANGUAGES }).notNull().default('en'),
  timezone: text('timezone').notNull().default('UTC'),
  /** HH:MM from 00:00 to 06:00: until then a night still belongs to the day before (lib/local-time userDate) */
  dayStart: text('day_start').notNull().default('00:00'),
  dateFormat: text('date_format', { enum: DATE_FORMATS }).notNull().default('dd.mm.YYYY'),
  timeFormat: text('time_format', { enum: TIME_FORMATS }).notNull().default('H:i'),
  navigation: text('navigation'),
  /** AES-256-GCM under APP_KEY; never returned in plain text */
  aiKeyCipher: text('ai_key_cipher'),
  firstVisit: integer('first_visit', { mode: 'boolean' }).notNull().default(true),
  temperatureUnit: text('temperature_unit', { enum: TEMPERATURE_UNITS }).notNull().default('c'),
  weatherCity: text('weather_city'),
  weatherLatitude: real('weather_latitude'),
  weatherLongitude: real('weather_longitude'),
  /** JSON arrays (docs/api/users.md §7) */
  enabledTrackers: text('enabled_trackers').notNull().default('["mood","sports","water","sleep","dreams","work","food_quality","food_amount"]'),
  /** streak rules (docs/api/streaks.md §2): missed days a run may skip per month, paused date ranges (JSON), shared with friends */
  streakSkipDays: integer('streak_skip_days').notNull().default(0),
  streakPauses: text('streak_pauses').notNull().default('[]'),
  streakShared: integer('streak_shared', { mode: 'boolean' }).notNull().default(false),
  selectedSports: text('selected_sports').notNull().default('["dumbbell","bike","mountain","footprints","waves_ladder"]'),
}, (t) => [index('users_created_idx').on(t.createdAt, t.id)])

export type UserRow = typeof users.$inferSelect

// The signed-in account of a request is its users row (lib/actor.ts leaves the columns to this table).
declare module '../../lib/actor' {
  interface ActorUser extends UserRow {}
}
