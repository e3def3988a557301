import { and, eq, lt } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { rowShape } from '../../lib/db/row-shape'
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

// Every authenticated request runs these two lookups: two primary-key reads, as statements cached by bun:sqlite
// (lib/db/row-shape.ts says why not drizzle's), several times faster than one join returning every column twice.
// The token's read takes only what the check needs, not the device it was issued to.
const TOKEN_SQL = 'SELECT user_id AS userId, secret_hash AS secretHash, platform, last_used_at AS lastUsedAt, expires_at AS expiresAt FROM access_tokens WHERE id = ?1'
type TokenCheck = Pick<typeof accessTokens.$inferSelect, 'userId' | 'secretHash' | 'platform' | 'lastUsedAt' | 'expiresAt'>
const USER = rowShape(users)
const USER_SQL = `SELECT ${USER.columns} FROM users WHERE id = ?1`

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
  const token = deps.db.$client.query<TokenCheck, [number]>(TOKEN_SQL).get(id)
  if (!token || !digestEquals(token.secretHash, sha256Hex(parts[2]!))) return undefined
  const now = deps.clock.now()
  if (token.expiresAt <= now) return undefined
  const user = USER.read(deps.db.$client.query<Record<string, unknown>, [string]>(USER_SQL).get(token.userId))
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
