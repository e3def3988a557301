import { and, desc, eq, gt, ne } from 'drizzle-orm'
import type { Unchecked } from '../../lib/validation'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { BadRequestError, NotFoundError, UnauthenticatedError } from '../../lib/errors'
import { accessTokens } from './schema'
import { issueToken, revokeToken } from './tokens'
import type { Actor } from '../../lib/actor'
import { RefreshBody, RevokeTokenBody } from './model'
import { presentSession, presentTokenItem } from './present'

/** docs/api/auth.md §3.8 */
export function logout(deps: Pick<Deps, 'db'>, actor: Actor): void {
  revokeToken(deps, actor.user.id, actor.tokenId)
}

/** docs/api/auth.md §3.9: every token of the user except the calling one; returns how many went. */
export function logoutOtherSessions(deps: Pick<Deps, 'db'>, actor: Actor): { revoked: number } {
  const result = deps.db.delete(accessTokens)
    .where(and(eq(accessTokens.userId, actor.user.id), ne(accessTokens.id, actor.tokenId))).run()
  return { revoked: changes(result) }
}

/** docs/api/auth.md §3.10: the calling token is swapped for a new one (lifetime from now), atomically. */
export function refreshSession(deps: Pick<Deps, 'db' | 'clock' | 'config'>, actor: Actor, body: Unchecked<typeof RefreshBody>) {
  const input = RefreshBody.validate(body)
  const issued = deps.db.transaction((tx) => {
    const gone = tx.delete(accessTokens).where(and(eq(accessTokens.id, actor.tokenId), eq(accessTokens.userId, actor.user.id))).run()
    // Revoked by a concurrent request after authentication: nothing left to refresh.
    if (changes(gone) === 0) throw new UnauthenticatedError()
    // Same connection, so the insert is part of this transaction.
    return issueToken(deps, actor.user.id, input.platform ?? actor.platform)
  })
  return presentSession(actor.user, issued)
}

/** docs/api/auth.md §3.11: unexpired tokens, newest (highest id) first. */
export function listSessions(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor) {
  const rows = deps.db.select().from(accessTokens)
    .where(and(eq(accessTokens.userId, actor.user.id), gt(accessTokens.expiresAt, deps.clock.now())))
    .orderBy(desc(accessTokens.id)).all()
  return rows.map((row) => presentTokenItem(row, actor.tokenId))
}

/** docs/api/auth.md §3.12: another token of the caller, expired ones included; the calling token needs logout. */
export function revokeOwnToken(deps: Pick<Deps, 'db'>, actor: Actor, body: Unchecked<typeof RevokeTokenBody>): void {
  const input = RevokeTokenBody.validate(body)
  const row = deps.db.select({ id: accessTokens.id }).from(accessTokens)
    .where(and(eq(accessTokens.id, input.token_id), eq(accessTokens.userId, actor.user.id))).get()
  if (!row) throw new NotFoundError('Token not found')
  if (row.id === actor.tokenId) throw new BadRequestError('cannot_revoke_current', 'Cannot revoke current token. Use logout instead.')
  revokeToken(deps, actor.user.id, row.id)
}
