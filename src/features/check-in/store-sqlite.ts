import type { Db } from '../../lib/db/client'
import { snapshotHandle } from '../../lib/db/stores'
import { previousValues, trackersDiffer } from './import-rule'
import type { CheckInStore } from './store'
import {
  deleteCheckInRow, insertCheckInRow, selectCheckInOn, selectCheckInPage, selectCheckIns, selectHasCheckIn, setCheckInValues, upsertCheckInRow,
} from './queries'

/**
 * The SQLite engine's check-in store: the synchronous statements cached by bun:sqlite (queries.ts), behind the
 * async interface. Each call finishes its statement (or its immediate transaction) before it returns, so nothing
 * of another request can run in between; the `async` only wraps the value (and turns a throw into a rejection, as
 * on PostgreSQL). Its cost, measured against the synchronous calls and a bare baseline in one run:
 * bench/scaling-check-in.ts. The import's journal runs inside the transaction, on this same connection (store.ts).
 */
export function sqliteCheckInStore(db: Db): CheckInStore {
  return {
    list: async (userId, from, to) => selectCheckIns(db, userId, from, to),
    upsert: async (userId, date, sent, now) => upsertCheckInRow(db, userId, date, sent, now),
    hasOn: async (userId, date) => selectHasCheckIn(db, userId, date),
    pageByDate: async (snapshot, userId, afterDate, limit) => selectCheckInPage(snapshotHandle(snapshot, 'sqlite'), userId, afterDate, limit),

    // One writer at a time (BEGIN IMMEDIATE), so reading the date's entry and then writing it is safe.
    importEntries: async (userId, entries, { replace, now }, journal) => db.transaction(() => {
      let imported = 0
      for (const entry of entries) {
        const row = selectCheckInOn(db, userId, entry.date)
        if (!row) {
          journal({ kind: 'inserted', id: insertCheckInRow(db, userId, entry) })
        } else if (replace && trackersDiffer(row, entry.values)) {
          journal({ kind: 'replaced', id: row.id, previous: previousValues(row) })
          setCheckInValues(db, userId, row.id, entry.values, now)
        } else continue
        imported++
      }
      return { imported, skipped: entries.length - imported }
    }, { behavior: 'immediate' }),

    undoImported: async (userId, changes, journal) => db.transaction(() => {
      for (const change of changes) {
        if (change.kind === 'inserted') deleteCheckInRow(db, userId, change.id)
        else setCheckInValues(db, userId, change.id, change.previous, change.previous.updatedAt)
        journal(change)
      }
    }, { behavior: 'immediate' }),
  }
}
