import { and, desc, eq, sql } from 'drizzle-orm'
import type { PgDb } from '../../lib/db/postgres/client'
import { searchDocsPg as t } from './schema-postgres'
import type { SearchStore } from './store'
import { tsQuery } from './words'

const p = sql.placeholder

/**
 * The PostgreSQL engine's search store: `search_docs` matched by its words' vector (the GIN expression index of
 * migrations-postgres/0005_search_index.sql) and ranked by ts_rank with normalisation 16 (divided by 1 + the log of
 * the text's number of distinct words). That orders a single word's hits as bm25 does on SQLite — more of the word
 * first, a short text before a long one — where normalisation 1 (by the log of all words) would put "milk" above
 * "milk milk milk". The two formulas still differ (bm25 weighs rare words by the whole index); the store suite
 * (test/scaling/search-store.test.ts) proves the same hits and the same order where the text decides it.
 * Built once, prepared.
 */
export function postgresSearchStore(db: PgDb): SearchStore {
  const vector = sql`"public"."search_vector"(${t.title}, ${t.body})`
  const matches = and(eq(t.userId, p('user')), sql`${vector} @@ ${p('query')}::tsquery`)
  const page = db.select({
    source: t.source, library: t.library, ref: t.ref, title: t.title, body: t.body, at: t.at, day: t.day,
    total: sql<number>`count(*) OVER ()`.mapWith(Number),
  }).from(t).where(matches)
    .orderBy(sql`ts_rank(${vector}, ${p('query')}::tsquery, 16) DESC`, desc(t.id))
    .limit(p('limit')).offset(p('offset'))
    .prepare('search_page')
  const count = db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(t).where(matches).prepare('search_count')

  return {
    async search(userId, words, limit, offset) {
      const params = { user: userId, query: tsQuery(words) }
      const rows = await page.execute({ ...params, limit, offset })
      const total = rows[0]?.total ?? (await count.execute(params))[0]!.total
      return { rows: rows.map(({ total: _, ...row }) => row), total }
    },
  }
}
