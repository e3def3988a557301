import { toPgTable } from '../../lib/db/postgres/derive'
import { usersPg } from '../users/schema-postgres'
import { activities, trackers } from './schema'

// The referenced table's twin first (toPgTable resolves foreign keys when it runs).
void usersPg

/** The PostgreSQL twins of `trackers` and `activities` (docs/scaling.md): derived, never written by hand. */
export const trackersPg = toPgTable(trackers)
export const activitiesPg = toPgTable(activities)
