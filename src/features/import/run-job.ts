/**
 * One pass of the import loop: claim the oldest pending job, read and check its stored archive again (the same
 * checks as the request) while writing it batch by batch (apply.ts), then complete it and delete the upload. A
 * refused archive or any error fails the job with a short reason (details only in the log) after everything it
 * wrote is undone (undo.ts). Every step runs in slices, so requests are answered while it works.
 */
import { readFile, rm } from 'node:fs/promises'
import { and, asc, eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { deleteUserFile } from '../../lib/files'
import { errorFields } from '../../lib/logger'
import { handBackMemory } from '../../lib/idle-memory'
import { timeSlicer } from '../../lib/time-slice'
import { importJobs, type ImportJobRow } from './schema'
import { readImportArchive } from './archive'
import { ImportWriter } from './apply'
import { ArchiveRefused } from './refusal'
import { formatPath, uploadPath } from './paths'
import { readForeignJob } from './formats/job'
import { forgetImport, undoImport } from './undo'

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

/** Runs the next pending job, if any. */
export async function runNextImportJob(deps: Deps): Promise<ImportOutcome | undefined> {
  const job = claimNextJob(deps)
  if (!job) return undefined
  const upload = uploadPath(deps.config.dataDir, job.id)
  const format = formatPath(deps.config.dataDir, job.id)
  const began = performance.now()
  const pause = timeSlicer()
  try {
    const bytes = new Uint8Array(await readFile(upload))
    // Another app's file has its format and mapping beside it (import-jobs.ts); an export has none. It fills the
    // dates one has (an export's merge keeps them as they are: it is one's own data, already there or chosen over).
    const foreign = await readFile(format, 'utf8').catch(() => undefined)
    const writer = new ImportWriter(deps, job, pause, foreign !== undefined)
    const summary = foreign === undefined ? await readImportArchive(bytes, writer, pause) : await readForeignJob(deps, job.userId, foreign, bytes, writer, pause)
    const replaced = await writer.complete(summary)
    if (replaced) await deleteUserFile(deps.config.dataDir, replaced).catch(() => deps.logger.warn('import: replaced profile image not deleted', { path: replaced }))
    await forgetImport(deps, job.id, pause)
    deps.logger.info('import completed', { import_id: job.id, user_id: job.userId, duration_ms: Math.round(performance.now() - began), counts: writer.counts })
    return { id: job.id, status: 'completed' }
  } catch (err) {
    const reason = err instanceof ArchiveRefused ? err.message : 'Import could not be completed.'
    deps.logger.error('import failed', { import_id: job.id, user_id: job.userId, ...errorFields(err) })
    await undoImport(deps, job, pause)
    deps.db.update(importJobs).set({ status: 'failed', error: reason })
      .where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'in-progress'))).run()
    return { id: job.id, status: 'failed' }
  } finally {
    await rm(upload, { force: true }).catch(() => {})
    await rm(format, { force: true }).catch(() => {})
    // The job's garbage (inflated text, records) goes now, not at the next quiet spell.
    handBackMemory()
  }
}
