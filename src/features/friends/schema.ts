import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { sql } from 'drizzle-orm'
import { users } from '../users/schema'

/**
 * `pairLow`/`pairHigh` are the two user ids in sorted order, so "one pending request per pair, in either
 * direction" is a partial unique index.
 */
export const friendRequests = sqliteTable('friend_requests', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  senderId: text('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  receiverId: text('receiver_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  pairLow: text('pair_low').notNull(),
  pairHigh: text('pair_high').notNull(),
  status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull(),
  /** asked by e-mail address: the sender does not see it until it is accepted (docs/api/friends.md §2.3) */
  byEmail: integer('by_email', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [
  uniqueIndex('friend_requests_pending_pair_uq').on(t.pairLow, t.pairHigh).where(sql`status = 'pending'`),
  index('friend_requests_sender_idx').on(t.senderId),
  index('friend_requests_receiver_idx').on(t.receiverId),
  index('friend_requests_updated_idx').on(t.status, t.updatedAt),
])

/** One friendship per pair (sorted ids). */
export const friendships = sqliteTable('friendships', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userLow: text('user_low').notNull().references(() => users.id, { onDelete: 'cascade' }),
  userHigh: text('user_high').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at').notNull(),
}, (t) => [uniqueIndex('friendships_pair_uq').on(t.userLow, t.userHigh), index('friendships_high_idx').on(t.userHigh)])
