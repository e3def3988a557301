/**
 * One backup, whoever asked for it (the schedule, an admin, `daybook backup`): take the data folder's backup lock
 * (one at a time, across the server and the CLI), check the disk, pick a name never used, and on a worker thread
 * (archive-thread.ts) snapshot the database with VACUUM INTO, fingerprint it, skip when the schedule finds nothing
 * changed, and write the archive under a temp name; then rename it into place, apply retention, copy it off-site.
 * Every outcome is recorded on its backup_runs row and logged.
 */
import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../data-dir'
import type { Deps } from '../../lib/deps'
import { acquireLockFile } from '../../lib/lock-file'
import { errorFields } from '../../lib/logger'
import { backupLockPath, backupNameStem, freshBackupName, isBackupFileName, listLocalBackups, partPathFor } from './paths'
import { createRun, finishRun, lastFingerprint, markRunStarted, recordedNames, type Trigger } from './runs'
import { diskSpaceOf, diskSpaceRefusal, type DiskSpace } from './disk-space'
import { listDataFiles } from './write-archive'
import { ArchiveStopped } from './archive-job'
import { runArchiveJob } from './archive-thread'
import { applyRetention } from './retention'
import { copyOffsite } from './offsite-copy'

export interface BackupOptions {
  trigger: Trigger
  /** the run row to use (an admin's request created it); otherwise one is created */
  runId?: number
  /** `daybook backup FILE`: this path instead of a fresh name in BACKUP_DIR (no retention, no off-site copy) */
  target?: string
  /** the schedule's rule: no new archive when nothing changed since the newest one still on disk */
  skipUnchanged?: boolean
  /** aborted at shutdown: the run stops between files and is recorded as failed */
  signal?: AbortSignal
  /** the free-space probe (tests give a full disk) */
  diskSpace?: (dir: string) => Promise<DiskSpace>
}

export interface BackupOutcome {
  runId: number
  status: 'completed' | 'skipped' | 'failed'
  /** absolute path of the archive written */
  path?: string
  size?: number
  /** why it was skipped or failed (also on the run row) */
  reason?: string
  /** names deleted by retention here */
  pruned?: string[]
}

/** Refusals that are an expected outcome, not a crash: recorded with their reason, no stack trace logged. */
class Refusal extends Error {
  constructor(message: string, readonly status: 'skipped' | 'failed') { super(message) }
}

async function removeParts(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names) {
    const base = name.replace(/\.(db\.)?part$/, '')
    if (base !== name && isBackupFileName(base)) await rm(join(dir, name), { force: true })
  }
}

export async function runBackup(deps: Deps, options: BackupOptions): Promise<BackupOutcome> {
  const { config, logger } = deps
  const runId = options.runId ?? createRun(deps, options.trigger, 'in-progress').id
  if (options.runId !== undefined) markRunStarted(deps, runId)
  const began = performance.now()
  const lock = acquireLockFile(backupLockPath(config.dataDir))
  if (!lock.ok) {
    const reason = `another backup of this data folder is running (pid ${lock.pid})`
    finishRun(deps, runId, { status: 'skipped', error: reason })
    logger.warn('backup skipped', { run_id: runId, trigger: options.trigger, reason })
    return { runId, status: 'skipped', reason }
  }
  const inBackupDir = options.target === undefined
  const dir = inBackupDir ? config.backupDir : dirname(resolve(options.target!))
  let target: string | undefined
  let snapshotPart: string | undefined
  let archivePart: string | undefined
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
    // Only a crashed run leaves parts behind, and no other run can be writing (we hold the lock).
    if (inBackupDir) await removeParts(dir)
    const files = await listDataFiles(config.dataDir)
    const pageBytes = deps.db.$client.query<{ n: number }, []>('SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()').get()?.n ?? 0
    const filesBytes = files.reduce((sum, f) => sum + f.size, 0)
    // The snapshot and the archive exist side by side until the snapshot is deleted.
    const needed = 2 * pageBytes + filesBytes
    const refusal = diskSpaceRefusal(await (options.diskSpace ?? diskSpaceOf)(dir), needed)
    if (refusal) throw new Refusal(refusal, 'failed')

    const now = deps.clock.now()
    const name = inBackupDir ? await freshBackupName(dir, now, recordedNames(deps, backupNameStem(now))) : undefined
    target = name ? join(dir, name) : resolve(options.target!)
    snapshotPart = `${target}.db.part`
    archivePart = partPathFor(target)
    const unchangedFrom = options.skipUnchanged ? lastFingerprint(deps, new Set((await listLocalBackups(config)).map((b) => b.name))) : undefined
    const job = await runArchiveJob({
      databasePath: config.databasePath, snapshotPart, archivePart, runId, file: name ?? target, createdAt: now, files,
      appKey: deps.appKey, unchangedFrom,
    }, options.signal).catch((err) => {
      throw err instanceof ArchiveStopped ? new Refusal(err.message, 'failed') : err
    })
    if (job.status === 'unchanged') throw new Refusal('nothing changed since the last backup', 'skipped')
    const { size, fingerprint, schemaVersion } = job
    await chmod(archivePart, PRIVATE_FILE_MODE)
    await rename(archivePart, target)
    const file = name ?? target
    const pruned = name ? await applyRetention(deps, name) : []
    const offsiteError = name ? await copyOffsite(deps, target) : undefined
    finishRun(deps, runId, { status: 'completed', file, sizeBytes: size, fingerprint, error: offsiteError ?? null })
    logger.info('backup completed', {
      run_id: runId, trigger: options.trigger, file, size_bytes: size, files: files.length, schema: schemaVersion.tag,
      pruned, duration_ms: Math.round(performance.now() - began),
    })
    return { runId, status: 'completed', path: target, size, pruned, ...(offsiteError ? { reason: offsiteError } : {}) }
  } catch (err) {
    for (const part of [snapshotPart, archivePart]) if (part) await rm(part, { force: true }).catch(() => {})
    if (err instanceof Refusal) {
      finishRun(deps, runId, { status: err.status, error: err.message })
      if (err.status === 'skipped') logger.info('backup skipped', { run_id: runId, trigger: options.trigger, reason: err.message })
      else logger.error('backup refused', { run_id: runId, trigger: options.trigger, reason: err.message })
      return { runId, status: err.status, reason: err.message }
    }
    const reason = err instanceof Error ? err.message : String(err)
    try { finishRun(deps, runId, { status: 'failed', error: `backup failed: ${reason}` }) } catch { /* the database itself may be gone */ }
    logger.error('backup failed', { run_id: runId, trigger: options.trigger, ...errorFields(err) })
    return { runId, status: 'failed', reason: `backup failed: ${reason}` }
  } finally {
    lock.lock.release()
  }
}
