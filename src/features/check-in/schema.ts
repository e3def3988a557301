import { sqliteTable, text, integer, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

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
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [uniqueIndex('check_ins_user_date_uq').on(t.userId, t.date)])

export type CheckInRow = typeof checkIns.$inferSelect
