import type { CheckInRow } from './schema'
import type { TrackerProp } from './trackers'

/** The trackers a request sent: a number sets the tracker, null clears it, an absent key keeps it. */
export type SentTrackers = Partial<Record<TrackerProp, number | null>>

/**
 * The check-in feature's data access (docs/scaling.md): one async interface, one implementation per engine
 * (store-sqlite.ts, store-postgres.ts), the same behaviour proved by one suite run against both
 * (test/scaling/check-in-store.test.ts). Each method is one unit of work — here one statement each, so no
 * transaction spans a call — and every query is scoped to the user it is given. Rows come back in the same
 * shape from both engines (`CheckInRow`, epoch-ms numbers), so the verbs and the presenter are shared.
 */
export interface CheckInStore {
  /** The user's entries with from ≤ date ≤ to (each bound optional, inclusive), newest date first. */
  list(userId: string, from?: string, to?: string): Promise<CheckInRow[]>
  /**
   * Creates the entry of (user, date), trackers not sent null, or sets only the sent trackers and `updated_at`
   * on the existing one — one atomic `INSERT … ON CONFLICT (user_id, date) DO UPDATE … RETURNING`, so concurrent
   * calls never make two entries and each tracker keeps its last write. The row as stored afterwards.
   */
  upsert(userId: string, date: string, sent: SentTrackers, now: number): Promise<CheckInRow>
  /** Whether the user has an entry for `date`. */
  hasOn(userId: string, date: string): Promise<boolean>
}

declare module '../../lib/db/stores' {
  interface Stores {
    checkIns: CheckInStore
  }
}
