/**
 * The signed-in account a request acts for (docs/api/conventions.md §9–10). It lives in lib/ so every feature and the
 * request layer can name it without importing the auth feature. Its `user` is the account's row:
 * features/users/schema.ts adds the table's columns to `ActorUser` by declaration merging, so lib/ names no
 * feature while verbs still see every column.
 */
export type Role = 'user' | 'admin' | 'super_admin'
export type Platform = 'web' | 'mobile' | 'desktop'
export const PLATFORMS = ['web', 'mobile', 'desktop'] as const satisfies readonly Platform[]

export interface ActorUser {
  id: string
  role: Role
}

export interface Actor {
  user: ActorUser
  tokenId: number
  platform: Platform
}

/** Finds the actor of an `Authorization` header value; undefined for a missing, malformed, unknown or expired token. */
export type Authenticate = (authorization: string | null) => Actor | undefined

export function isAdmin(role: string): boolean {
  return role === 'admin' || role === 'super_admin'
}
