import type { Db } from '../../lib/db/client'
import { snapshotHandle } from '../../lib/db/stores'
import { entryDiffers, extrasWrite, filledEntry, importedSports, ownValueCount, previousValues, restoredExtras } from './import-rule'
import type { CheckInStore } from './store'
import { sentColumns, withExtras } from './day-extras'
import { writeEntryExtras } from './queries-extras'
import {
  deleteCheckInRow, insertCheckInRow, selectCheckInOn, selectCheckInPage, selectCheckIns, selectHasCheckIn, setCheckInText, setCheckInValues, upsertCheckInRow,
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
    list: async (userId, from, to) => selectCheckIns(db, userId, from, to).map(withExtras),
    listStored: async (userId, from, to) => selectCheckIns(db, userId, from, to),

    // A post of trackers alone stays one statement; values or activities join it in one immediate transaction.
    upsert: async (userId, date, sent, now, extras = {}, { fill = false } = {}) => {
      const row = () => upsertCheckInRow(db, userId, date, sentColumns(sent, extras), now, fill)
      if (extras.values === undefined && extras.activities === undefined) return withExtras(row())
      // The triggers have rewritten the row's values and activities once they are written: it is read again.
      return db.transaction(() => {
        writeEntryExtras(db, userId, row().id, extras, fill)
        return withExtras(selectCheckInOn(db, userId, date)!)
      }, { behavior: 'immediate' })
    },
    hasOn: async (userId, date) => selectHasCheckIn(db, userId, date),
    pageByDate: async (snapshot, userId, afterDate, limit) => {
      const handle = snapshotHandle(snapshot, 'sqlite')
      return selectCheckInPage(handle, userId, afterDate, limit).map(withExtras)
    },

    // One writer at a time (BEGIN IMMEDIATE), so reading the date's entry and then writing it is safe.
    importEntries: async (userId, entries, { replace, fill = false, now }, journal) => db.transaction(() => {
      let imported = 0
      let ownValues = 0
      for (let entry of entries) {
        const row = selectCheckInOn(db, userId, entry.date)
        if (!row) {
          const id = insertCheckInRow(db, userId, entry)
          journal({ kind: 'inserted', id })
          if (entry.extras) writeEntryExtras(db, userId, id, extrasWrite(entry.extras))
        } else if (replace || fill) {
          const day = withExtras(row)
          entry = fill ? filledEntry(day, entry) : entry
          if (!entryDiffers(day, entry)) continue
          journal({ kind: 'replaced', id: row.id, previous: previousValues(day, entry) })
          setCheckInValues(db, userId, row.id, entry.values, now)
          if (entry.extras?.note !== undefined) setCheckInText(db, userId, row.id, 'note', entry.extras.note)
          const sports = importedSports(entry)
          if (sports !== undefined) setCheckInText(db, userId, row.id, 'moreSports', sports)
          if (entry.extras) writeEntryExtras(db, userId, row.id, extrasWrite(entry.extras, day))
        } else continue
        imported++
        ownValues += ownValueCount(entry.extras)
      }
      return { imported, skipped: entries.length - imported, ownValues }
    }, { behavior: 'immediate' }),

    undoImported: async (userId, changes, journal) => db.transaction(() => {
      for (const change of changes) {
        if (change.kind === 'inserted') deleteCheckInRow(db, userId, change.id)
        else {
          const { previous } = change
          setCheckInValues(db, userId, change.id, previous, previous.updatedAt)
          if (previous.note !== undefined) setCheckInText(db, userId, change.id, 'note', previous.note)
          if (previous.moreSports !== undefined) setCheckInText(db, userId, change.id, 'moreSports', previous.moreSports)
          for (const write of restoredExtras(previous)) writeEntryExtras(db, userId, change.id, write)
        }
        journal(change)
      }
    }, { behavior: 'immediate' }),
  }
}
