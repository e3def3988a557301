/**
 * Start-up recovery of imports, before the server answers: a job left in-progress by a crash is undone (its
 * rows, replaced values and files, undo.ts) and goes back to `pending` (its archive is still on disk, so the loop
 * runs it again); entries of jobs that completed before their undo list was dropped are dropped; uploads no
 * pending job owns are removed.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { PRIVATE_DIR_MODE } from '../../data-dir'
import type { Deps } from '../../lib/deps'
import { importJobs, importUndo } from './schema'
import { importsDir, jobIdOfUpload } from './paths'
import { undoImportNow } from './undo'

export async function recoverImports(deps: Deps): Promise<{ requeued: number; removed: number }> {
  const interrupted = deps.db.select().from(importJobs).where(eq(importJobs.status, 'in-progress')).all()
  for (const job of interrupted) {
    await undoImportNow(deps, job)
    deps.db.update(importJobs).set({ status: 'pending', startedAt: null, progress: 0 }).where(eq(importJobs.id, job.id)).run()
  }
  // What is left belongs to jobs that completed or failed: nothing to undo.
  deps.db.delete(importUndo).run()
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
