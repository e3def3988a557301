import type { NewShare, ShareRow } from './schema'

/** What a share is at the moment its link is opened. */
export type OpenedShare = { share: ShareRow; live: true } | { share: ShareRow; live: false }

/**
 * The share links' data access (docs/scaling.md): one async interface, one implementation per engine
 * (store-sqlite.ts, store-postgres.ts), proved alike by one suite run against both (test/report/share-store.test.ts).
 * Every call is one unit of work; all but `open` are scoped to the user they are given.
 */
export interface ShareStore {
  /**
   * Adds a share unless the user has `limit` live ones (not revoked, not expired at its `createdAt`): counting and
   * inserting are one unit of work, so concurrent creates never pass the limit.
   */
  create(values: Omit<NewShare, 'id'>, limit: number): Promise<ShareRow | 'limit_reached'>
  /** The user's shares that are not revoked (expired ones included), newest first. */
  list(userId: string): Promise<ShareRow[]>
  /** Revokes the user's share at `now`; false when the user has no such share or it is revoked already. */
  revoke(userId: string, id: number, now: number): Promise<boolean>
  /**
   * The share whose token has this digest. A live one (not revoked, `expires_at` after `now`) is counted as opened
   * at `now` in the same statement, so no access goes uncounted and a revocation takes effect at once; one that is
   * not live comes back as it is; an unknown digest gives undefined.
   */
  open(tokenHash: string, now: number): Promise<OpenedShare | undefined>
  /** Deletes every share that expired or was revoked before `before`, whoever's; how many. */
  prune(before: number): Promise<number>
}

declare module '../../lib/db/stores' {
  interface Stores {
    shares: ShareStore
  }
}
