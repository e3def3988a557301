import { and, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { PgDb } from '../../lib/db/postgres/client'
import { checkInsPg as t } from './schema-postgres'
import type { CheckInStore, SentTrackers } from './store'
import { TRACKERS } from './trackers'

// Bounds that include every valid date, so one statement serves all four from/to combinations (as queries.ts).
const FIRST_DATE = '0000-00-00'
const LAST_DATE = '9999-99-99'

const p = sql.placeholder

/**
 * The PostgreSQL engine's check-in store: drizzle's PostgreSQL dialect over Bun's SQL client, on the table
 * derived from the SQLite one (schema-postgres.ts). The statements are built once with placeholders, so a call
 * costs no query building and the text is one prepared statement per connection.
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
  }
}
