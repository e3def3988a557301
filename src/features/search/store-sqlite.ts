import type { Db } from '../../lib/db/client'
import type { SearchDoc, SearchStore } from './store'
import { ftsQuery } from './words'

/**
 * bm25's weights of the FTS5 columns (title, body): a word in an item's name counts four times one in its other
 * text, so "Dune" finds the book called Dune before a note that mentions it.
 */
const RANK = 'bm25(search_fts, 4.0, 1.0)'

// FTS5 finds the matching rows of every user (its index is one), the join keeps the caller's. The window count
// gives the total in the same pass; a page past the end has no row to carry it, so it is counted apart. bm25() is
// taken inside the subquery: FTS5's functions cannot be called where a window function is computed.
const PAGE_SQL = `SELECT source, library, ref, title, body, at, day, count(*) OVER () AS total FROM (
    SELECT d.source, d.library, d.ref, d.title, d.body, d.at, d.day, ${RANK} AS score
    FROM search_fts JOIN search_docs d ON d.id = search_fts.rowid
    WHERE search_fts MATCH $match AND d.user_id = $user)
  ORDER BY score, at DESC, ref DESC LIMIT $limit OFFSET $offset`
const COUNT_SQL = `SELECT count(*) AS total FROM search_fts JOIN search_docs d ON d.id = search_fts.rowid
  WHERE search_fts MATCH $match AND d.user_id = $user`

/** The SQLite engine's search store: FTS5 over `search_docs`, one statement cached by bun:sqlite. */
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
