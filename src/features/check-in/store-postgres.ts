import { and, asc, desc, eq, gt, gte, lte, sql } from 'drizzle-orm'
import type { PgDb } from '../../lib/db/postgres/client'
import { snapshotHandle } from '../../lib/db/stores'
import { previousValues, trackersDiffer } from './import-rule'
import { checkInsPg as t } from './schema-postgres'
import type { CheckInStore, SentTrackers } from './store'
import { TRACKERS } from './trackers'

// Bounds that include every valid date, so one statement serves all four from/to combinations (as queries.ts).
const FIRST_DATE = '0000-00-00'
const LAST_DATE = '9999-99-99'

const p = sql.placeholder

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

  // The same single statement as on SQLite: an unsent tracker is inserted as null and, on conflict, kept.
  // `$<prop>_sent` is a boolean parameter; `excluded` is the proposed row, the bare column the stored one.
  const values: Record<string, unknown> = { userId: p('user'), date: p('date'), createdAt: p('now'), updatedAt: p('now') }
  const set: Record<string, unknown> = { updatedAt: sql`excluded.updated_at` }
  for (const tr of TRACKERS) {
    const column = sql.identifier(t[tr.prop].name)
    values[tr.prop] = p(tr.prop)
    set[tr.prop] = sql`CASE WHEN ${p(`${tr.prop}_sent`)}::boolean THEN excluded.${column} ELSE ${t[tr.prop]} END`
  }
  const upsert = db.insert(t).values(values as typeof t.$inferInsert)
    .onConflictDoUpdate({ target: [t.userId, t.date], set })
    .returning()
    .prepare('check_in_upsert')

  const has = db.select({ id: t.id }).from(t).where(and(eq(t.userId, p('user')), eq(t.date, p('date')))).limit(1).prepare('check_in_has')

  return {
    list: (userId, from, to) => list.execute({ user: userId, from: from ?? FIRST_DATE, to: to ?? LAST_DATE }),
    async upsert(userId, date, sent: SentTrackers, now) {
      const params: Record<string, unknown> = { user: userId, date, now }
      for (const tr of TRACKERS) {
        const given = tr.prop in sent
        params[tr.prop] = given ? sent[tr.prop] : null
        params[`${tr.prop}_sent`] = given
      }
      const [row] = await upsert.execute(params)
      return row!
    },
    hasOn: async (userId, date) => (await has.execute({ user: userId, date })).length > 0,

    pageByDate: (snapshot, userId, afterDate, limit) => snapshotHandle(snapshot, 'postgres').select().from(t)
      .where(and(eq(t.userId, userId), gt(t.date, afterDate ?? ''))).orderBy(asc(t.date)).limit(limit),

    // Rows are locked before they are compared (FOR UPDATE, with replace), and an entry the person writes between
    // the read and the insert makes the insert do nothing and the date count as existing — never a unique
    // violation that would fail the import. Reading first keeps identity values for inserts only (ON CONFLICT
    // would draw one for every existing date), so both engines hand out the same ids.
    importEntries: (userId, entries, { replace, now }, journal) => db.transaction(async (tx) => {
      const existing = async (date: string) => {
        const query = tx.select().from(t).where(and(eq(t.userId, userId), eq(t.date, date)))
        return (await (replace ? query.for('update') : query))[0]
      }
      let imported = 0
      for (const entry of entries) {
        let row = await existing(entry.date)
        if (!row) {
          const [inserted] = await tx.insert(t).values({ userId, date: entry.date, ...entry.values, createdAt: entry.createdAt, updatedAt: entry.updatedAt })
            .onConflictDoNothing({ target: [t.userId, t.date] }).returning({ id: t.id })
          if (inserted) {
            journal({ kind: 'inserted', id: inserted.id })
            imported++
            continue
          }
          row = await existing(entry.date)
        }
        if (!row || !replace || !trackersDiffer(row, entry.values)) continue
        journal({ kind: 'replaced', id: row.id, previous: previousValues(row) })
        await setValues(tx, userId, row.id, { ...entry.values, updatedAt: now })
        imported++
      }
      return { imported, skipped: entries.length - imported }
    }),

    // The journal is forgotten only once the undo has committed: it lives in another database (store.ts).
    async undoImported(userId, changes, journal) {
      await db.transaction(async (tx) => {
        for (const change of changes) {
          if (change.kind === 'inserted') await tx.delete(t).where(and(eq(t.id, change.id), eq(t.userId, userId)))
          else await setValues(tx, userId, change.id, change.previous)
        }
      })
      for (const change of changes) journal(change)
    },
  }
}

function setValues(tx: Tx, userId: string, id: number, values: Partial<typeof t.$inferInsert>) {
  return tx.update(t).set(values).where(and(eq(t.id, id), eq(t.userId, userId)))
}
