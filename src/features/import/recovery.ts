/**
 * Start-up recovery of imports: jobs left in-progress by a crash go back to `pending` (their archive is still on
 * disk, so the loop runs them again), image files they had written before their transaction are deleted, and
 * uploads no pending job owns are removed.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { PRIVATE_DIR_MODE } from '../../config'
import type { Deps } from '../../lib/deps'
import { resolveUserFile } from '../../lib/files'
import { readStringList } from '../../lib/stored-json'
import { importJobs } from './schema'
import { importsDir, jobIdOfUpload } from './paths'

export function recoverImports(deps: Deps): { requeued: number; removed: number } {
  const interrupted = deps.db.select().from(importJobs).where(eq(importJobs.status, 'in-progress')).all()
  for (const job of interrupted) {
    for (const path of readStringList(job.stagedFiles ?? '[]') ?? []) rmSync(resolveUserFile(deps.config.dataDir, path), { force: true })
    deps.db.update(importJobs).set({ status: 'pending', startedAt: null, progress: 0, stagedFiles: null }).where(eq(importJobs.id, job.id)).run()
  }
  const pending = new Set(deps.db.select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.status, 'pending')).all().map((r) => r.id))
  const dir = importsDir(deps.config.dataDir)
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  let removed = 0
  for (const name of readdirSync(dir)) {
    const id = jobIdOfUpload(name)
    if (id !== undefined && pending.has(id)) continue
    rmSync(join(dir, name), { recursive: true, force: true })
    removed += 1
  }
  const summary = { requeued: interrupted.length, removed }
  if (summary.requeued > 0 || summary.removed > 0) deps.logger.info('import recovery', summary)
  return summary
}
