import { toPgTable, type Same } from '../../lib/db/postgres/derive'
import { usersPg } from '../users/schema-postgres'
import { shares, type ShareRow } from './schema'

// The referenced table's twin first (toPgTable resolves foreign keys when it runs).
void usersPg

/** The PostgreSQL twin of `shares` (docs/scaling.md): derived, never written by hand. */
export const sharesPg = toPgTable(shares)

const sameRow: Same<typeof sharesPg.$inferSelect, ShareRow> = true
void sameRow
