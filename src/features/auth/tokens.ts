import { and, eq, lt, sql } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { changes, type Db } from '../../lib/db/client'
import { DAY, MINUTE } from '../../lib/clock'
import { digestEquals, randomAlnum, sha256Hex } from '../../lib/crypto'
import { accessTokens } from './schema'
import { users, type UserRow } from '../users/schema'

export type Platform = 'web' | 'mobile' | 'desktop'
export const PLATFORMS = ['web', 'mobile', 'desktop'] as const

export interface Actor {
  user: UserRow
  tokenId: number
  platform: Platform
}

export interface IssuedToken {
  id: number
  token: string
  expiresAt: number
}

const TOKEN_RE = /^([0-9]{1,15})\|([A-Za-z0-9]{40})$/

export function tokenLifetimeMs(deps: Pick<Deps, 'config'>, platform: Platform): number {
  return (platform === 'web' ? deps.config.tokenTtlWebDays : deps.config.tokenTtlAppDays) * DAY
}

/** Creates a bearer token `{id}|{secret}`; only the secret's SHA-256 is stored. Safe inside a transaction. */
export function issueToken(deps: Pick<Deps, 'db' | 'clock' | 'config'>, userId: string, platform: Platform): IssuedToken {
  const now = deps.clock.now()
  const secret = randomAlnum(40)
  const expiresAt = now + tokenLifetimeMs(deps, platform)
  const row = deps.db.insert(accessTokens).values({ userId, secretHash: sha256Hex(secret), platform, createdAt: now, expiresAt })
    .returning({ id: accessTokens.id }).get()
  return { id: row.id, token: `${row.id}|${secret}`, expiresAt }
}

// Every authenticated request runs this lookup: prepared once per database so the SQL is not rebuilt each time.
const lookups = new WeakMap<Db, ReturnType<typeof prepareTokenLookup>>()
const prepareTokenLookup = (db: Db) => db.select().from(accessTokens).innerJoin(users, eq(users.id, accessTokens.userId))
  .where(eq(accessTokens.id, sql.placeholder('id'))).prepare()
function tokenLookup(db: Db) {
  let prepared = lookups.get(db)
  if (!prepared) lookups.set(db, prepared = prepareTokenLookup(db))
  return prepared
}

/**
 * Resolves an Authorization header to the acting user, or undefined when the token is missing, malformed,
 * unknown, revoked or expired. `last_used_at` is written at most once a minute.
 */
export function authenticateToken(deps: Pick<Deps, 'db' | 'clock'>, authorization: string | null): Actor | undefined {
  if (!authorization) return undefined
  const bearer = /^bearer +(.+)$/i.exec(authorization.trim())
  const parts = bearer && TOKEN_RE.exec(bearer[1]!)
  if (!parts) return undefined
  const id = Number(parts[1])
  const row = tokenLookup(deps.db).get({ id })
  if (!row || !digestEquals(row.access_tokens.secretHash, sha256Hex(parts[2]!))) return undefined
  const now = deps.clock.now()
  if (row.access_tokens.expiresAt <= now) return undefined
  const lastUsed = row.access_tokens.lastUsedAt
  if (lastUsed === null || now - lastUsed >= MINUTE) {
    deps.db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, id)).run()
  }
  return { user: row.users, tokenId: id, platform: row.access_tokens.platform }
}

/** Daily job: delete expired tokens. */
export function pruneExpiredTokens(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(accessTokens).where(lt(accessTokens.expiresAt, deps.clock.now())).run())
}

export function revokeToken(deps: Pick<Deps, 'db'>, userId: string, tokenId: number): boolean {
  return changes(deps.db.delete(accessTokens).where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId))).run()) > 0
}
