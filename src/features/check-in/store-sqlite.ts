import type { Db } from '../../lib/db/client'
import type { CheckInStore } from './store'
import { selectCheckIns, selectHasCheckIn, upsertCheckInRow } from './queries'

/**
 * The SQLite engine's check-in store: the synchronous statements cached by bun:sqlite (queries.ts), behind the
 * async interface. Each call finishes its statement before it returns, so nothing of another request can run in
 * between; the `async` only wraps the value (and turns a throw into a rejection, as on PostgreSQL). Its cost,
 * measured against the synchronous calls and a bare baseline in one run: bench/scaling-check-in.ts.
 */
export function sqliteCheckInStore(db: Db): CheckInStore {
  return {
    list: async (userId, from, to) => selectCheckIns(db, userId, from, to),
    upsert: async (userId, date, sent, now) => upsertCheckInRow(db, userId, date, sent, now),
    hasOn: async (userId, date) => selectHasCheckIn(db, userId, date),
  }
}
