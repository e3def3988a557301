import { toPgTable, type Same } from '../../lib/db/postgres/derive'
import { usersPg } from '../users/schema-postgres'
import { activitiesPg, trackersPg } from '../trackers/schema-postgres'
import { checkIns, checkInActivities, checkInValues, type CheckInRow } from './schema'

// The referenced tables' twins first (toPgTable resolves foreign keys when it runs).
void [usersPg, trackersPg, activitiesPg]

/** The PostgreSQL twin of `check_ins` (docs/scaling.md): derived, never written by hand. */
export const checkInsPg = toPgTable(checkIns)
export const checkInValuesPg = toPgTable(checkInValues)
export const checkInActivitiesPg = toPgTable(checkInActivities)

const sameRow: Same<typeof checkInsPg.$inferSelect, CheckInRow> = true
const sameInsert: Same<typeof checkInsPg.$inferInsert, typeof checkIns.$inferInsert> = true
void [sameRow, sameInsert]
