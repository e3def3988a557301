import type { Db } from '../../lib/db/client'
import { snapshotHandle } from '../../lib/db/stores'
import { entryDiffers, extrasWrite, importedSports, ownValueCount, previousValues, restoredExtras } from './import-rule'
import type { CheckInStore } from './store'
import { sentColumns, withExtras } from './day-extras'
import { selectEntryExtras, selectHasOwn, selectRangeExtras, writeEntryExtras } from './queries-extras'
import {
  deleteCheckInRow, insertCheckInRow, selectCheckInOn, selectCheckInPage, selectCheckIns, selectHasCheckIn, setCheckInText, setCheckInValues, upsertCheckInRow,
} from './queries'

/** A person without trackers or activities of their own has no values or marks (queries-extras.ts, selectHasOwn). */
const NO_EXTRAS = { values: [], marks: [] }

/**
 * The SQLite engine's check-in store: the synchronous statements cached by bun:sqlite (queries.ts), behind the
 * async interface. Each call finishes its statement (or its immediate transaction) before it returns, so nothing
 * of another request can run in between; the `async` only wraps the value (and turns a throw into a rejection, as
 * on PostgreSQL). Its cost, measured against the synchronous calls and a bare baseline in one run:
 * bench/scaling-check-in.ts. The import's journal runs inside the transaction, on this same connection (store.ts).
 */
export function sqliteCheckInStore(db: Db): CheckInStore {
  return {
    list: async (userId, from, to) => {
      const rows = selectCheckIns(db, userId, from, to)
      if (rows.length === 0) return []
      const { values, marks } = selectHasOwn(db, userId) ? selectRangeExtras(db, userId, from, to) : NO_EXTRAS
      return withExtras(rows, values, marks)
    },

    // A post of trackers alone stays one statement; values or activities join it in one immediate transaction.
    upsert: async (userId, date, sent, now, extras = {}) => {
      const write = () => {
        const row = upsertCheckInRow(db, userId, date, sentColumns(sent, extras), now)
        if (extras.values !== undefined || extras.activities !== undefined) writeEntryExtras(db, userId, row.id, extras)
        const { values, marks } = selectEntryExtras(db, row.id)
        return withExtras([row], values, marks)[0]!
      }
      return extras.values === undefined && extras.activities === undefined ? write() : db.transaction(write, { behavior: 'immediate' })
    },
    hasOn: async (userId, date) => selectHasCheckIn(db, userId, date),
    pageByDate: async (snapshot, userId, afterDate, limit) => {
      const handle = snapshotHandle(snapshot, 'sqlite')
      const rows = selectCheckInPage(handle, userId, afterDate, limit)
      if (rows.length === 0) return []
      const { values, marks } = selectRangeExtras(handle, userId, rows[0]!.date, rows.at(-1)!.date)
      return withExtras(rows, values, marks)
    },

    // One writer at a time (BEGIN IMMEDIATE), so reading the date's entry and then writing it is safe.
    importEntries: async (userId, entries, { replace, now }, journal) => db.transaction(() => {
      let imported = 0
      let ownValues = 0
      for (const entry of entries) {
        const row = selectCheckInOn(db, userId, entry.date)
        if (!row) {
          const id = insertCheckInRow(db, userId, entry)
          journal({ kind: 'inserted', id })
          if (entry.extras) writeEntryExtras(db, userId, id, extrasWrite(entry.extras))
        } else if (replace) {
          const { values, marks } = entry.extras ? selectEntryExtras(db, row.id) : { values: [], marks: [] }
          const day = withExtras([row], values, marks)[0]!
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
