import { toPgTable } from '../../lib/db/postgres/derive'
import { usersPg } from '../users/schema-postgres'
import { activities, sports, trackers } from './schema'

// The referenced table's twin first (toPgTable resolves foreign keys when it runs).
void usersPg

/** The PostgreSQL twins of `trackers`, `activities` and `sports` (docs/scaling.md): derived, never written by hand. */
export const trackersPg = toPgTable(trackers)
export const activitiesPg = toPgTable(activities)
export const sportsPg = toPgTable(sports)
