/**
 * Start-up, before requests: runs left waiting or running by a crash or a kill are recorded as failed (the archive
 * they were writing is incomplete and its part files are removed by the next run). They are not re-run: the
 * schedule makes the next one, and an admin can start one at once.
 */
import { inArray } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { backupRuns } from './schema'

export function recoverBackupRuns(deps: Pick<Deps, 'db' | 'clock' | 'logger'>): number {
  const result = deps.db.update(backupRuns).set({ status: 'failed', finishedAt: deps.clock.now(), error: 'interrupted: the server stopped during the backup' })
    .where(inArray(backupRuns.status, ['pending', 'in-progress'])).run()
  const n = changes(result)
  if (n > 0) deps.logger.warn('backup runs interrupted by the last shutdown marked failed', { runs: n })
  return n
}
