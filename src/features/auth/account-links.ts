/**
 * The links an admin makes for a member and hands over in person (docs/api/auth.md §6.1): `invite` with a new account,
 * `reset` for a forgotten password. The secret (32 random bytes, 64 hex characters) is in the link only; the table
 * keeps its SHA-256, one link per member (a new one replaces the old), live for 72 hours, used up by its first use.
 */
import { and, eq, gt, lte } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { HOUR, iso } from '../../lib/clock'
import { randomHex, sha256Hex } from '../../lib/crypto'
import { GoneError, UnauthenticatedError } from '../../lib/errors'
import { users, type UserRow } from '../users/schema'
import { accountLinks } from './schema'
import type { Tx } from './one-time-tokens'

export const ACCOUNT_LINK_TTL = 72 * HOUR

export type AccountLinkRow = typeof accountLinks.$inferSelect

/** docs/api/auth.md §6.1: {FRONTEND_URL}/auth/account-link?token={secret}, the web app's page for it. */
export const accountLinkUrl = (frontendUrl: string, secret: string) => `${frontendUrl}/auth/account-link?token=${secret}`

/** Stores a new link for the member inside the caller's transaction, replacing any earlier one; returns what the admin hands over. */
export function storeAccountLink(tx: Tx, deps: Pick<Deps, 'config'>, userId: string, purpose: AccountLinkRow['purpose'], now: number) {
  const secret = randomHex(32)
  const row = { userId, purpose, tokenHash: sha256Hex(secret), createdAt: now, expiresAt: now + ACCOUNT_LINK_TTL }
  const { userId: _key, ...replacement } = row
  tx.insert(accountLinks).values(row).onConflictDoUpdate({ target: accountLinks.userId, set: replacement }).run()
  return { url: accountLinkUrl(deps.config.frontendUrl, secret), expires_at: iso(row.expiresAt) }
}

const invalidLink = () => new UnauthenticatedError('invalid_account_link', 'This link is invalid or has already been used.')

/**
 * The live link with this secret and its member. Looked up by the secret's digest: a SHA-256 of 32 random bytes
 * cannot be guessed, so the lookup's timing tells nothing. Unknown or used: 401; expired but not yet pruned: 410.
 */
export function findLiveLink(deps: Pick<Deps, 'db' | 'clock'>, secret: string): { link: AccountLinkRow; user: UserRow } {
  const link = deps.db.select().from(accountLinks).where(eq(accountLinks.tokenHash, sha256Hex(secret))).get()
  if (!link) throw invalidLink()
  if (link.expiresAt <= deps.clock.now()) throw new GoneError('This link has expired. Ask your admin for a new one.', 'account_link_expired')
  const user = deps.db.select().from(users).where(eq(users.id, link.userId)).get()
  if (!user) throw invalidLink()
  return { link, user }
}

/**
 * Uses the link up inside the caller's transaction, only if it is still the live one that was checked: of two
 * requests racing with one link, the second deletes nothing and is refused, and its whole write rolls back.
 */
export function consumeLink(tx: Tx, link: AccountLinkRow, now: number): void {
  const used = tx.delete(accountLinks)
    .where(and(eq(accountLinks.userId, link.userId), eq(accountLinks.tokenHash, link.tokenHash), gt(accountLinks.expiresAt, now))).run()
  if (changes(used) === 0) throw invalidLink()
}

/** Hourly housekeeping (docs/configuration.md §5): links past their 72 hours. */
export function pruneExpiredAccountLinks(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(accountLinks).where(lte(accountLinks.expiresAt, deps.clock.now())).run())
}
