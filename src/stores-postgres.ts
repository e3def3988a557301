/**
 * The stores ported to PostgreSQL so far (docs/scaling.md, "The plan" lists the rest); used by the spike's tests
 * and bench. Kept out of src/stores.ts so the SQLite path never loads it.
 */
import type { PgDb } from './lib/db/postgres/client'
import type { Stores } from './lib/db/stores'
import { countingWrites } from './features/insights/cache'
import { postgresCheckInStore } from './features/check-in/store-postgres'
import { postgresActivityStore, postgresSportStore, postgresTrackerStore } from './features/trackers/store-postgres'
import { postgresSearchStore } from './features/search/store-postgres'
import { postgresShareStore } from './features/report/store-postgres'
import { postgresLibrariesStore } from './features/libraries/store-postgres'
import { postgresClipboardStore } from './features/clipboard/store-postgres'

export function postgresStores(db: PgDb): Stores {
  return {
    checkIns: countingWrites(postgresCheckInStore(db)), trackers: postgresTrackerStore(db), activities: postgresActivityStore(db), sports: postgresSportStore(db),
    search: postgresSearchStore(db), shares: postgresShareStore(db),
    libraries: postgresLibrariesStore(db),
    clipboard: postgresClipboardStore(db),
  }
}
