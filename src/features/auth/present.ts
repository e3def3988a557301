import { iso, isoOrNull } from '../../lib/clock'
import type { UserRow } from '../users/schema'
import { presentUserSummary } from '../users/present'
import type { accessTokens } from './schema'
import type { IssuedToken } from './tokens'
import { describeDevice } from './device'

/** docs/api/auth.md §3.3: the `data` of login and refresh. */
export function presentSession(user: UserRow, issued: IssuedToken) {
  return {
    user: presentUserSummary(user),
    token: issued.token,
    token_type: 'Bearer',
    token_expires_at: iso(issued.expiresAt),
  }
}

/** docs/api/auth.md §1.2 */
export function presentTokenItem(row: typeof accessTokens.$inferSelect, currentTokenId: number) {
  return {
    id: row.id,
    name: `auth-token-${row.platform}`,
    created_at: iso(row.createdAt),
    last_used_at: isoOrNull(row.lastUsedAt),
    expires_at: iso(row.expiresAt),
    is_current: row.id === currentTokenId,
    ...describeDevice(row.userAgent, row.platform),
    ip: row.ip,
  }
}
