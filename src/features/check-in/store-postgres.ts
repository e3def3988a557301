import { and, asc, desc, eq, gt, gte, lte, sql } from 'drizzle-orm'
import type { PgDb } from '../../lib/db/postgres/client'
import { snapshotHandle } from '../../lib/db/stores'
import { entryDiffers, extrasWrite, filledEntry, importedSports, ownValueCount, previousValues, restoredExtras } from './import-rule'
import { checkInActivitiesPg as marksT, checkInValuesPg as valuesT, checkInsPg as t } from './schema-postgres'
import type { CheckInStore, SentExtras, SentTrackers } from './store'
import { TRACKERS } from './trackers'
import { sentColumns, withExtras } from './day-extras'
import { activitiesPg, trackersPg } from '../trackers/schema-postgres'

// Bounds that include every valid date, so one statement serves all four from/to combinations (as queries.ts).
const FIRST_DATE = '0000-00-00'
const LAST_DATE = '9999-99-99'

const p = sql.placeholder

/** The columns a post sets only when sent: the twelve trackers, the note and the further sports (as queries.ts). */
const SENT_PROPS = [...TRACKERS.map((tr) => tr.prop), 'note', 'moreSports'] as const

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0]

/**
 * The PostgreSQL engine's check-in store: drizzle's PostgreSQL dialect over Bun's SQL client, on the table
 * derived from the SQLite one (schema-postgres.ts). The single statements are built once with placeholders, so a
 * call costs no query building and the text is one prepared statement per connection. What runs on a transaction
 * handle (the import's batches, the export's snapshot) is built on that handle per call: a statement prepared on
 * the pool would run on another connection, outside the transaction.
 */
export function postgresCheckInStore(db: PgDb): CheckInStore {
  const list = db.select().from(t)
    .where(and(eq(t.userId, p('user')), gte(t.date, p('from')), lte(t.date, p('to'))))
    .orderBy(desc(t.date))
    .prepare('check_in_list')
  const listStored = (userId: string, from?: string, to?: string) => list.execute({ user: userId, from: from ?? FIRST_DATE, to: to ?? LAST_DATE })

  // The same single statement as on SQLite: an unsent column is inserted as null and, on conflict, kept.
  // `$<prop>_sent` is a boolean parameter; `excluded` is the proposed row, the bare column the stored one.
  const values: Record<string, unknown> = { userId: p('user'), date: p('date'), createdAt: p('now'), updatedAt: p('now') }
  const set: Record<string, unknown> = { updatedAt: sql`excluded.updated_at` }
  for (const prop of SENT_PROPS) {
    const column = sql.identifier(t[prop].name)
    values[prop] = p(prop)
    set[prop] = sql`CASE WHEN ${p(`${prop}_sent`)}::boolean AND (NOT ${p('fill')}::boolean OR ${t[prop]} IS NULL) THEN excluded.${column} ELSE ${t[prop]} END`
  }
  const upsertOn = (handle: Pick<PgDb, 'insert'>) => handle.insert(t).values(values as typeof t.$inferInsert)
    .onConflictDoUpdate({ target: [t.userId, t.date], set })
    .returning()
  const upsert = upsertOn(db).prepare('check_in_upsert')
  const upsertParams = (userId: string, date: string, sent: SentTrackers, now: number, extras: SentExtras, fill: boolean) => {
    const params: Record<string, unknown> = { user: userId, date, now, fill }
    const given: Record<string, unknown> = sentColumns(sent, extras)
    for (const prop of SENT_PROPS) {
      params[prop] = prop in given ? given[prop] : null
      params[`${prop}_sent`] = prop in given
    }
    return params
  }

  const has = db.select({ id: t.id }).from(t).where(and(eq(t.userId, p('user')), eq(t.date, p('date')))).limit(1).prepare('check_in_has')

  return {
    list: async (userId, from, to) => (await listStored(userId, from, to)).map(withExtras),
    listStored,

    // A post of trackers alone stays one prepared statement; values or activities join it in one transaction,
    // where the upsert's row lock makes concurrent posts of the date take turns.
    async upsert(userId, date, sent, now, extras = {}, { fill = false } = {}) {
      const params = upsertParams(userId, date, sent, now, extras, fill)
      if (extras.values === undefined && extras.activities === undefined) {
        const [row] = await upsert.execute(params)
        return withExtras(row!)
      }
      // The triggers have rewritten the row's values and activities once they are written: it is read again.
      return db.transaction(async (tx) => {
        const [row] = await upsertOn(tx).execute(params)
        await writeEntryExtras(tx, userId, row!.id, extras, fill)
        const [written] = await tx.select().from(t).where(eq(t.id, row!.id))
        return withExtras(written!)
      })
    },
    hasOn: async (userId, date) => (await has.execute({ user: userId, date })).length > 0,

    async pageByDate(snapshot, userId, afterDate, limit) {
      const handle = snapshotHandle(snapshot, 'postgres')
      const rows = await handle.select().from(t).where(and(eq(t.userId, userId), gt(t.date, afterDate ?? ''))).orderBy(asc(t.date)).limit(limit)
      return rows.map(withExtras)
    },

    // Rows are locked before they are compared (FOR UPDATE, with replace), and an entry the person writes between
    // the read and the insert makes the insert do nothing and the date count as existing — never a unique
    // violation that would fail the import. Reading first keeps identity values for inserts only (ON CONFLICT
    // would draw one for every existing date), so both engines hand out the same ids.
    importEntries: (userId, entries, { replace, fill = false, now }, journal) => db.transaction(async (tx) => {
      const existing = async (date: string) => {
        const query = tx.select().from(t).where(and(eq(t.userId, userId), eq(t.date, date)))
        return (await (replace || fill ? query.for('update') : query))[0]
      }
      let imported = 0
      let ownValues = 0
      for (let entry of entries) {
        let row = await existing(entry.date)
        if (!row) {
          const columns = { ...entry.values, note: entry.extras?.note ?? null, moreSports: importedSports(entry) ?? null }
          const [inserted] = await tx.insert(t).values({ userId, date: entry.date, ...columns, createdAt: entry.createdAt, updatedAt: entry.updatedAt })
            .onConflictDoNothing({ target: [t.userId, t.date] }).returning({ id: t.id })
          if (inserted) {
            journal({ kind: 'inserted', id: inserted.id })
            if (entry.extras) await writeEntryExtras(tx, userId, inserted.id, extrasWrite(entry.extras))
            imported++
            ownValues += ownValueCount(entry.extras)
            continue
          }
          row = await existing(entry.date)
        }
        if (!row || !(replace || fill)) continue
        const day = withExtras(row)
        if (fill) entry = filledEntry(day, entry)
        if (!entryDiffers(day, entry)) continue
        journal({ kind: 'replaced', id: row.id, previous: previousValues(day, entry) })
        const note = entry.extras?.note
        const moreSports = importedSports(entry)
        await setValues(tx, userId, row.id, { ...entry.values, ...(note !== undefined && { note }), ...(moreSports !== undefined && { moreSports }), updatedAt: now })
        if (entry.extras) await writeEntryExtras(tx, userId, row.id, extrasWrite(entry.extras, day))
        imported++
        ownValues += ownValueCount(entry.extras)
      }
      return { imported, skipped: entries.length - imported, ownValues }
    }),

    // The journal is forgotten only once the undo has committed: it lives in another database (store.ts).
    async undoImported(userId, changes, journal) {
      await db.transaction(async (tx) => {
        for (const change of changes) {
          if (change.kind === 'inserted') {
            await tx.delete(t).where(and(eq(t.id, change.id), eq(t.userId, userId)))
            continue
          }
          const { updatedAt, note, moreSports } = change.previous
          const columns: Partial<typeof t.$inferInsert> = { updatedAt, ...(note !== undefined && { note }), ...(moreSports !== undefined && { moreSports }) }
          for (const tr of TRACKERS) columns[tr.prop] = change.previous[tr.prop]
          await setValues(tx, userId, change.id, columns)
          for (const write of restoredExtras(change.previous)) await writeEntryExtras(tx, userId, change.id, write)
        }
      })
      for (const change of changes) journal(change)
    },
  }
}

/** The PostgreSQL twin of queries-extras.ts's writeEntryExtras: only ids of the entry's user are written. */
async function writeEntryExtras(tx: Tx, userId: string, checkInId: number, extras: SentExtras, fill = false): Promise<void> {
  if (extras.values === null) await tx.delete(valuesT).where(eq(valuesT.checkInId, checkInId))
  for (const [trackerId, value] of extras.values ?? []) {
    if (value === null) {
      await tx.delete(valuesT).where(and(eq(valuesT.checkInId, checkInId), eq(valuesT.trackerId, trackerId)))
      continue
    }
    await tx.insert(valuesT)
      .select(tx.select({ checkInId: sql<number>`${checkInId}::bigint`.as('check_in_id'), trackerId: trackersPg.id, value: sql<number>`${value}::double precision`.as('value') })
        .from(trackersPg).where(and(eq(trackersPg.id, trackerId), eq(trackersPg.userId, userId))))
      .onConflictDoUpdate({ target: [valuesT.checkInId, valuesT.trackerId], set: { value: fill ? sql`${valuesT.value}` : sql`excluded.value` } })
  }
  if (extras.activities === undefined) return
  await tx.delete(marksT).where(eq(marksT.checkInId, checkInId))
  for (const activityId of extras.activities ?? []) {
    await tx.insert(marksT)
      .select(tx.select({ checkInId: sql<number>`${checkInId}::bigint`.as('check_in_id'), activityId: activitiesPg.id })
        .from(activitiesPg).where(and(eq(activitiesPg.id, activityId), eq(activitiesPg.userId, userId))))
      .onConflictDoNothing()
  }
}

function setValues(tx: Tx, userId: string, id: number, values: Partial<typeof t.$inferInsert>) {
  return tx.update(t).set(values).where(and(eq(t.id, id), eq(t.userId, userId)))
}
