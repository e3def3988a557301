import { sqliteTable, text, integer, blob, index } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/** Bearer tokens `{id}|{secret}`: only the SHA-256 of the secret is stored. */
export const accessTokens = sqliteTable('access_tokens', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  platform: text('platform', { enum: ['web', 'mobile', 'desktop'] }).notNull(),
  createdAt: integer('created_at').notNull(),
  lastUsedAt: integer('last_used_at'),
  expiresAt: integer('expires_at').notNull(),
  /** the User-Agent and client address at sign-in, so a person can tell their devices apart */
  userAgent: text('user_agent'),
  ip: text('ip'),
}, (t) => [index('access_tokens_user_idx').on(t.userId), index('access_tokens_expires_idx').on(t.expiresAt)])

/** One e-mail verification secret per user (SHA-256 stored). */
export const emailVerificationTokens = sqliteTable('email_verification_tokens', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: integer('created_at').notNull(),
})

/** One password-reset secret per user (SHA-256 stored), valid 60 minutes. */
export const passwordResetTokens = sqliteTable('password_reset_tokens', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: integer('created_at').notNull(),
}, (t) => [index('password_reset_created_idx').on(t.createdAt)])

/**
 * A link an admin makes for a member and hands over in person: `invite` for a member the admin created (the member
 * sets a password or a passkey), `reset` for a forgotten password. One per user (a new one replaces the old), single
 * use, SHA-256 stored, valid 72 hours; who made it is in the server log.
 */
export const accountLinks = sqliteTable('account_links', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
}, (t) => [index('account_links_expires_idx').on(t.expiresAt)])

export const passkeys = sqliteTable('passkeys', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** base64url credential id, unique across all users */
  credentialId: text('credential_id').notNull().unique(),
  publicKey: blob('public_key', { mode: 'buffer' }).notNull(),
  counter: integer('counter').notNull().default(0),
  transports: text('transports'),
  aaguid: text('aaguid'),
  deviceType: text('device_type'),
  backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
  name: text('name').notNull().default('Passkey'),
  createdAt: integer('created_at').notNull(),
  lastUsedAt: integer('last_used_at'),
}, (t) => [index('passkeys_user_idx').on(t.userId, t.createdAt)])

/**
 * Server-side WebAuthn challenges: single use, 5 minutes. `reauthentication`: a signed-in user proving it is them
 * (deleting their account), never usable for a sign-in, nor a sign-in's for that.
 */
export const webauthnChallenges = sqliteTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  kind: text('kind', { enum: ['registration', 'authentication', 'reauthentication'] }).notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at').notNull(),
}, (t) => [index('webauthn_challenges_user_idx').on(t.userId, t.kind), index('webauthn_challenges_expires_idx').on(t.expiresAt)])
