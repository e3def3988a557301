import { toPgTable } from '../../lib/db/postgres/derive'
import { users } from './schema'

/** The PostgreSQL twin of `users` (docs/scaling.md): derived, never written by hand. */
export const usersPg = toPgTable(users)
