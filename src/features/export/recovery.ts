/**
 * Start-up recovery (docs/configuration.md §4 step 6), before the HTTP server accepts requests: jobs left in-progress
 * by a crash go back to `pending` (the loop runs them again) and the tmp folder, which can only hold parts of
 * such interrupted jobs, is emptied.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { PRIVATE_DIR_MODE } from '../../data-dir'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { exportJobs } from './schema'
import { exportsTmpDir } from './paths'

export function recoverExports(deps: Deps): { requeued: number; removed: number } {
  const result = deps.db.update(exportJobs).set({ status: 'pending', startedAt: null }).where(eq(exportJobs.status, 'in-progress')).run()
  const tmp = exportsTmpDir(deps.config.dataDir)
  mkdirSync(tmp, { recursive: true, mode: PRIVATE_DIR_MODE })
  const leftovers = readdirSync(tmp)
  for (const name of leftovers) rmSync(join(tmp, name), { recursive: true, force: true })
  const summary = { requeued: changes(result), removed: leftovers.length }
  if (summary.requeued > 0 || summary.removed > 0) deps.logger.info('export recovery', summary)
  return summary
}
