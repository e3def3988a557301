import { and, eq, lt, sql } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { changes, type Db } from '../../lib/db/client'
import { DAY, MINUTE } from '../../lib/clock'
import { digestEquals, randomAlnum, sha256Hex } from '../../lib/crypto'
import { accessTokens } from './schema'
import { users } from '../users/schema'
import type { Actor, Platform } from '../../lib/actor'
import { requestScope } from '../../lib/http/request-scope'
import { requestIp } from '../../lib/http/client-ip'
import { storedUserAgent } from './device'

export { PLATFORMS, type Platform } from '../../lib/actor'

export interface IssuedToken {
  id: number
  token: string
  expiresAt: number
}

const TOKEN_RE = /^([0-9]{1,15})\|([A-Za-z0-9]{40})$/

export function tokenLifetimeMs(deps: Pick<Deps, 'config'>, platform: Platform): number {
  return (platform === 'web' ? deps.config.tokenTtlWebDays : deps.config.tokenTtlAppDays) * DAY
}

/**
 * Who a token is issued to: the request's User-Agent and client address (as the rate limiter reads it under
 * TRUST_PROXY), read from the request scope so that every way of signing in records them without handing them
 * down. Outside a request (the CLI, tests' fixtures) both are null.
 */
function signInClient(deps: Pick<Deps, 'config'>): { userAgent: string | null; ip: string | null } {
  const { request } = requestScope()
  if (!request) return { userAgent: null, ip: null }
  return { userAgent: storedUserAgent(request.headers.get('user-agent')), ip: requestIp(deps.config, request) }
}

/**
 * Creates a bearer token `{id}|{secret}`; only the secret's SHA-256 is stored, with the device it was issued to
 * (signInClient). Safe inside a transaction.
 */
export function issueToken(deps: Pick<Deps, 'db' | 'clock' | 'config'>, userId: string, platform: Platform): IssuedToken {
  const now = deps.clock.now()
  const secret = randomAlnum(40)
  const expiresAt = now + tokenLifetimeMs(deps, platform)
  const row = deps.db.insert(accessTokens)
    .values({ userId, secretHash: sha256Hex(secret), platform, createdAt: now, expiresAt, ...signInClient(deps) })
    .returning({ id: accessTokens.id }).get()
  return { id: row.id, token: `${row.id}|${secret}`, expiresAt }
}

// Every authenticated request runs these two lookups, prepared once per database so the SQL is not rebuilt
// each time. Two primary-key reads are several times faster than one join returning every column twice.
const prepared = new WeakMap<Db, ReturnType<typeof prepareLookups>>()
const prepareLookups = (db: Db) => ({
  token: db.select().from(accessTokens).where(eq(accessTokens.id, sql.placeholder('id'))).prepare(),
  user: db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare(),
})
function lookups(db: Db) {
  let p = prepared.get(db)
  if (!p) prepared.set(db, p = prepareLookups(db))
  return p
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
  const { token: tokenQuery, user: userQuery } = lookups(deps.db)
  const token = tokenQuery.get({ id })
  if (!token || !digestEquals(token.secretHash, sha256Hex(parts[2]!))) return undefined
  const now = deps.clock.now()
  if (token.expiresAt <= now) return undefined
  const user = userQuery.get({ id: token.userId })
  if (!user) return undefined
  if (token.lastUsedAt === null || now - token.lastUsedAt >= MINUTE) {
    deps.db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, id)).run()
  }
  return { user, tokenId: id, platform: token.platform }
}

/** Daily job: delete expired tokens. */
export function pruneExpiredTokens(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(accessTokens).where(lt(accessTokens.expiresAt, deps.clock.now())).run())
}

export function revokeToken(deps: Pick<Deps, 'db'>, userId: string, tokenId: number): boolean {
  return changes(deps.db.delete(accessTokens).where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId))).run()) > 0
}
