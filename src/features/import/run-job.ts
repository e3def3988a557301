/**
 * One pass of the import loop: claim the oldest pending job, read and validate its stored archive again (the
 * same checks as the request), write it (apply.ts) and delete the upload. A refused archive or any error fails
 * the job with a short reason (details only in the log); nothing is written unless the one transaction commits.
 */
import { readFile, rm } from 'node:fs/promises'
import { and, asc, eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { importJobs, type ImportJobRow } from './schema'
import { readImportArchive } from './archive'
import { applyImport } from './apply'
import { ArchiveRefused } from './refusal'
import { uploadPath } from './paths'

export interface ImportOutcome { id: number; status: 'completed' | 'failed' }

function claimNextJob(deps: Deps): ImportJobRow | undefined {
  return deps.db.transaction((tx) => {
    const next = tx.select().from(importJobs).where(eq(importJobs.status, 'pending'))
      .orderBy(asc(importJobs.createdAt), asc(importJobs.id)).limit(1).get()
    if (!next) return undefined
    const startedAt = deps.clock.now()
    tx.update(importJobs).set({ status: 'in-progress', startedAt, progress: 5 }).where(eq(importJobs.id, next.id)).run()
    return { ...next, status: 'in-progress' as const, startedAt }
  }, { behavior: 'immediate' })
}

const setProgress = (deps: Deps, id: number, progress: number) =>
  deps.db.update(importJobs).set({ progress }).where(and(eq(importJobs.id, id), eq(importJobs.status, 'in-progress'))).run()

/** Runs the next pending job, if any. */
export async function runNextImportJob(deps: Deps): Promise<ImportOutcome | undefined> {
  const job = claimNextJob(deps)
  if (!job) return undefined
  const upload = uploadPath(deps.config.dataDir, job.id)
  const began = performance.now()
  try {
    const bytes = new Uint8Array(await readFile(upload))
    setProgress(deps, job.id, 20)
    // Give requests a turn between reading and the long synchronous steps.
    await new Promise<void>((resolve) => setImmediate(resolve))
    const plan = readImportArchive(bytes)
    setProgress(deps, job.id, 60)
    await new Promise<void>((resolve) => setImmediate(resolve))
    const counts = await applyImport(deps, job, plan)
    deps.logger.info('import completed', { import_id: job.id, user_id: job.userId, duration_ms: Math.round(performance.now() - began), counts })
    return { id: job.id, status: 'completed' }
  } catch (err) {
    const reason = err instanceof ArchiveRefused ? err.message : 'Import could not be completed.'
    deps.logger.error('import failed', { import_id: job.id, user_id: job.userId, ...errorFields(err) })
    deps.db.update(importJobs).set({ status: 'failed', error: reason, stagedFiles: null })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'in-progress'))).run()
    return { id: job.id, status: 'failed' }
  } finally {
    await rm(upload, { force: true }).catch(() => {})
  }
}
