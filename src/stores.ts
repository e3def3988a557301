/**
 * Every feature's store for one engine (docs/scaling.md): the composition root picks the engine once; features
 * only see `deps.stores`. `serve` and the CLI run on SQLite. The PostgreSQL set is in stores-postgres.ts, apart,
 * so the SQLite executable never loads drizzle's PostgreSQL dialect (start-up time and memory stay as they were);
 * once `DATABASE_URL` selects the engine, the runtime imports it dynamically.
 */
import type { Db } from './lib/db/client'
import type { Stores } from './lib/db/stores'
import { countingWrites } from './features/insights/cache'
import { sqliteCheckInStore } from './features/check-in/store-sqlite'
import { sqliteActivityStore, sqliteSportStore, sqliteTrackerStore } from './features/trackers/store-sqlite'
import { sqliteSearchStore } from './features/search/store-sqlite'
import { sqliteShareStore } from './features/report/store-sqlite'
import { sqliteLibrariesStore } from './features/libraries/store-sqlite'
import { sqliteClipboardStore } from './features/clipboard/store-sqlite'

export function sqliteStores(db: Db): Stores {
  return {
    checkIns: countingWrites(sqliteCheckInStore(db)), trackers: sqliteTrackerStore(db), activities: sqliteActivityStore(db), sports: sqliteSportStore(db),
    search: sqliteSearchStore(db), shares: sqliteShareStore(db),
    libraries: sqliteLibrariesStore(db),
    clipboard: sqliteClipboardStore(db),
  }
}
