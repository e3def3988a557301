import type { SearchDocRow } from './schema'

/** A found document, as a hit is made from it. */
export type SearchDoc = Omit<SearchDocRow, 'id' | 'userId'>

/**
 * The search feature's data access (docs/scaling.md): one async interface, one implementation per engine, the same
 * behaviour proved by one suite against both (test/scaling/search-store.test.ts). It reads only the index's own
 * table, which its sources keep in step in their own writes: on SQLite the source tables' triggers
 * (migrations/0011_search_index.sql); on PostgreSQL the day notes' trigger (migrations-postgres/0005_…) and the
 * libraries and clipboard stores, which write a document in its source's unit of work (library-docs-postgres.ts,
 * clipboard-docs-postgres.ts).
 */
export interface SearchStore {
  /**
   * One page of the user's documents holding every word (folded, words.ts) at the beginning of one of theirs, best
   * first — the engine's relevance (SQLite bm25, PostgreSQL ts_rank; a title counts more than a body), then the most
   * recently written (a document's id grows with each write of it) — and how many there are. `words` is not empty.
   */
  search(userId: string, words: readonly string[], limit: number, offset: number): Promise<{ rows: SearchDoc[]; total: number }>
}

declare module '../../lib/db/stores' {
  interface Stores {
    search: SearchStore
  }
}
