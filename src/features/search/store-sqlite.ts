import type { Db } from '../../lib/db/client'
import type { SearchDoc, SearchStore } from './store'
import { ftsQuery } from './words'

/**
 * bm25's weights of the FTS5 columns (title, body): a word in an item's name counts four times one in its other
 * text, so "Dune" finds the book called Dune before a note that mentions it.
 */
const RANK = 'bm25(search_fts, 4.0, 1.0)'

/**
 * FTS5 finds the matching documents of every user (its index is one); the caller's are kept by a look-up in the
 * (user_id, id) index alone, which holds no text — a look-up of the documents' rows, bodies and all, cost three
 * times as much for a word in thousands of texts (bench/search.ts). Every match is ranked (bm25 needs them all to
 * know the best), then only the page's rows are read whole. The window count gives the total in the same pass; a
 * page past the end has no row to carry it, so it is counted apart. bm25() is taken in the innermost query: FTS5's
 * functions cannot be called where a window function is computed. Ties: the most recently written first.
 */
const MATCHES = `SELECT search_fts.rowid AS id, ${RANK} AS score FROM search_fts
  JOIN search_docs AS mine INDEXED BY search_docs_user_idx ON mine.user_id = $user AND mine.id = search_fts.rowid
  WHERE search_fts MATCH $match`
const PAGE_SQL = `SELECT d.source, d.library, d.ref, d.title, d.body, d.at, d.day, page.total
  FROM (SELECT id, score, count(*) OVER () AS total FROM (${MATCHES}) ORDER BY score, id DESC LIMIT $limit OFFSET $offset) AS page
  JOIN search_docs AS d ON d.id = page.id
  ORDER BY page.score, page.id DESC`
const COUNT_SQL = `SELECT count(*) AS total FROM (${MATCHES})`

/** The SQLite engine's search store: FTS5 over `search_docs`, statements cached by bun:sqlite. */
export function sqliteSearchStore(db: Db): SearchStore {
  return {
    search: async (userId, words, limit, offset) => {
      const params = { match: ftsQuery(words), user: userId }
      const rows = db.$client.query<SearchDoc & { total: number }, Record<string, string | number>>(PAGE_SQL).all({ ...params, limit, offset })
      const total = rows[0]?.total ?? db.$client.query<{ total: number }, Record<string, string>>(COUNT_SQL).get(params)!.total
      return { rows: rows.map(({ total: _, ...row }) => row), total }
    },
  }
}
