import { toPgTable, type Same } from '../../lib/db/postgres/derive'
import { usersPg } from '../users/schema-postgres'
import { libraryItems } from './schema'

// The referenced table's twin first (toPgTable resolves foreign keys when it runs).
void usersPg

/** The PostgreSQL twin of `library_items` (docs/scaling.md): derived, never written by hand. */
export const libraryItemsPg = toPgTable(libraryItems)

const sameRow: Same<typeof libraryItemsPg.$inferSelect, typeof libraryItems.$inferSelect> = true
void sameRow
