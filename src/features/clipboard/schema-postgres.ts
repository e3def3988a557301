import { toPgTable, type Same } from '../../lib/db/postgres/derive'
import { usersPg } from '../users/schema-postgres'
import { clipboardEntries, type ClipboardRow } from './schema'

// The referenced table's twin first (toPgTable resolves foreign keys when it runs).
void usersPg

/** The PostgreSQL twin of `clipboard_entries` (docs/scaling.md): derived, never written by hand. */
export const clipboardEntriesPg = toPgTable(clipboardEntries)

const sameRow: Same<typeof clipboardEntriesPg.$inferSelect, ClipboardRow> = true
void sameRow
