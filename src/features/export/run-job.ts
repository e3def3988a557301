/**
 * One pass of the job loop (docs/api/export.md §6–7): claim the oldest pending job, write its archive, move it into
 * place and record the outcome. Stops: shutdown → back to `pending`; 10 minutes → `failed` "Export timed
 * out."; the job deleted with its user → files deleted; any other error → `failed` "Export could not be
 * created." (details only in the log). Partial files are always deleted.
 */
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { and, asc, eq, sql } from 'drizzle-orm'
import { PRIVATE_DIR_MODE } from '../../data-dir'
import type { Deps } from '../../lib/deps'
import { HOUR, MINUTE } from '../../lib/clock'
import { changes } from '../../lib/db/client'
import { errorFields } from '../../lib/logger'
import { users } from '../users/schema'
import { exportJobs, type ExportJobRow } from './schema'
import { jobFeatures } from './present'
import { archivePath, deleteUserExports, partPath } from './paths'
import { ExportGoneError, writeArchive } from './archive'
import { notifyExportEnded } from './notify'
import { timeSlicer } from '../../lib/time-slice'
import { handBackMemory } from '../../lib/idle-memory'

export const EXPORT_TIMEOUT_MS = 10 * MINUTE

type StopReason = 'shutdown' | 'timeout' | 'gone'

class JobStopped extends Error {
  constructor(readonly reason: StopReason) { super(`export stopped: ${reason}`) }
}

export interface RunOptions {
  /** aborted at shutdown: the running job goes back to `pending` */
  signal?: AbortSignal
  forceZip64?: boolean
  /** how long the job may run before it yields to the event loop (time-slice.ts); 0 yields at every step */
  sliceMs?: number
}

export interface JobOutcome { id: number; status: 'completed' | 'failed' | 'pending' | 'gone' }

/** Takes the oldest pending job (created_at, then id) and marks it in-progress, in one write transaction. */
function claimNextJob(deps: Deps): ExportJobRow | undefined {
  return deps.db.transaction((tx) => {
    const next = tx.select().from(exportJobs).where(eq(exportJobs.status, 'pending'))
      .orderBy(asc(exportJobs.createdAt), asc(exportJobs.id)).limit(1).get()
    if (!next) return undefined
    const startedAt = deps.clock.now()
    tx.update(exportJobs).set({ status: 'in-progress', startedAt }).where(eq(exportJobs.id, next.id)).run()
    return { ...next, status: 'in-progress' as const, startedAt }
  }, { behavior: 'immediate' })
}

const stillInProgress = (id: number) => and(eq(exportJobs.id, id), eq(exportJobs.status, 'in-progress'))

/** Best effort: a leftover is removed later by the cleanup job, and must not mask the job's own error. */
async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => {})
}

/** Prepared once per job: the checkpoint runs it between every page and file. */
function jobExistsQuery(deps: Deps) {
  const query = deps.db.select({ id: exportJobs.id }).from(exportJobs).where(eq(exportJobs.id, sql.placeholder('id'))).prepare()
  return (id: number) => query.get({ id }) !== undefined
}

/** Runs the next pending job, if any; undefined when there was none (or the loop is stopping). */
export async function runNextExportJob(deps: Deps, options: RunOptions = {}): Promise<JobOutcome | undefined> {
  if (options.signal?.aborted) return undefined
  const job = claimNextJob(deps)
  return job ? runClaimedJob(deps, job, options) : undefined
}

async function runClaimedJob(deps: Deps, job: ExportJobRow, options: RunOptions): Promise<JobOutcome> {
  const controller = new AbortController()
  const onStop = () => controller.abort(new JobStopped('shutdown'))
  options.signal?.addEventListener('abort', onStop, { once: true })
  const timer = setTimeout(() => controller.abort(new JobStopped('timeout')), EXPORT_TIMEOUT_MS)
  const startedAt = job.startedAt ?? deps.clock.now()
  const jobExists = jobExistsQuery(deps)
  // Most awaits of the writer resolve at once: the job yields to requests only through `pause`, which also
  // collects whenever the RSS has grown (fflate's buffers are invisible to the heap's own accounting).
  const pause = timeSlicer(options.sliceMs)
  // Called between pages and files: the clock check makes the timeout testable, the timer covers a stalled clock.
  const checkpoint = async () => {
    await pause()
    if (controller.signal.aborted) throw controller.signal.reason
    if (deps.clock.now() - startedAt >= EXPORT_TIMEOUT_MS) throw new JobStopped('timeout')
    if (!jobExists(job.id)) throw new JobStopped('gone')
  }
  const began = performance.now()
  const target = archivePath(deps.config.dataDir, job.userId, job.id)
  try {
    const part = await writeArchive(deps, { id: job.id, userId: job.userId, createdAt: job.createdAt, features: jobFeatures(job) }, {
      checkpoint, pause, forceZip64: options.forceZip64,
    })
    await checkpoint()
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE })
    await rename(part.path, target)
    const outcome = await completeJob(deps, job, target, part.size)
    if (outcome.status === 'completed') {
      deps.logger.info('export completed', { export_id: job.id, user_id: job.userId, size_bytes: part.size, duration_ms: Math.round(performance.now() - began) })
    }
    return outcome
  } catch (err) {
    await removeQuietly(partPath(deps.config.dataDir, job.id))
    await removeQuietly(target)
    const reason = err instanceof JobStopped ? err.reason : err instanceof ExportGoneError ? 'gone' : undefined
    if (reason === 'shutdown') return requeueJob(deps, job)
    if (reason === 'gone') return forgetJob(deps, job)
    if (reason === 'timeout') {
      deps.logger.error('export timed out', { export_id: job.id, user_id: job.userId })
      return failJob(deps, job, 'Export timed out.')
    }
    deps.logger.error('export failed', { export_id: job.id, user_id: job.userId, ...errorFields(err) })
    return failJob(deps, job, 'Export could not be created.')
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onStop)
    // The job's garbage (text, fflate's buffers) goes now, not at the next quiet spell.
    handBackMemory()
  }
}

async function completeJob(deps: Deps, job: ExportJobRow, target: string, size: number): Promise<JobOutcome> {
  const completedAt = deps.clock.now()
  const result = deps.db.update(exportJobs).set({
    status: 'completed', completedAt, expiresAt: completedAt + deps.config.exportTtlHours * HOUR, sizeBytes: size, error: null,
  }).where(stillInProgress(job.id)).run()
  if (changes(result) === 0) {
    await rm(target, { force: true })
    return forgetJob(deps, job)
  }
  await notifyExportEnded(deps, job.userId, true)
  return { id: job.id, status: 'completed' }
}

async function failJob(deps: Deps, job: ExportJobRow, error: string): Promise<JobOutcome> {
  const result = deps.db.update(exportJobs).set({ status: 'failed', error }).where(stillInProgress(job.id)).run()
  if (changes(result) === 0) return forgetJob(deps, job)
  await notifyExportEnded(deps, job.userId, false)
  return { id: job.id, status: 'failed' }
}

function requeueJob(deps: Deps, job: ExportJobRow): JobOutcome {
  deps.db.update(exportJobs).set({ status: 'pending', startedAt: null }).where(stillInProgress(job.id)).run()
  deps.logger.info('export interrupted, back to pending', { export_id: job.id })
  return { id: job.id, status: 'pending' }
}

/** The job vanished with its user: nothing of theirs stays on disk. */
async function forgetJob(deps: Deps, job: ExportJobRow): Promise<JobOutcome> {
  const userLeft = deps.db.select({ id: users.id }).from(users).where(eq(users.id, job.userId)).get() !== undefined
  if (userLeft) await rm(archivePath(deps.config.dataDir, job.userId, job.id), { force: true })
  else await deleteUserExports(deps.config.dataDir, job.userId)
  deps.logger.info('export dropped: the job was deleted with its user', { export_id: job.id, user_id: job.userId })
  return { id: job.id, status: 'gone' }
}
