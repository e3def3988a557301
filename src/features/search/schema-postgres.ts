import { toPgTable, type Same } from '../../lib/db/postgres/derive'
import { usersPg } from '../users/schema-postgres'
import { searchDocs, type SearchDocRow } from './schema'

// The referenced table's twin first (toPgTable resolves foreign keys when it runs).
void usersPg

/** The PostgreSQL twin of `search_docs` (docs/scaling.md): derived, never written by hand. */
export const searchDocsPg = toPgTable(searchDocs)

const sameRow: Same<typeof searchDocsPg.$inferSelect, SearchDocRow> = true
void sameRow
