/**
 * One backup, whoever asked for it (the schedule, an admin, `daybook backup`): take the data folder's backup lock
 * (one at a time, across the server and the CLI), check the disk, snapshot the database with VACUUM INTO,
 * fingerprint it, skip when the schedule finds nothing changed, write the archive under a temp name and rename
 * it into place, apply retention, copy it off-site. Every outcome is recorded on its backup_runs row and logged.
 */
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { Database } from 'bun:sqlite'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../config'
import type { Deps } from '../../lib/deps'
import { backupDatabase } from '../../lib/db/backup'
import { acquireLockFile } from '../../lib/lock-file'
import { errorFields } from '../../lib/logger'
import { backupLockPath, freshBackupName, isBackupFileName, listLocalBackups, partPathFor } from './paths'
import { createRun, finishRun, lastFingerprint, markRunStarted, type Trigger } from './runs'
import { diskSpaceOf, diskSpaceRefusal, type DiskSpace } from './disk-space'
import { fingerprintOf, schemaVersionOf } from './snapshot'
import { listDataFiles, writeBackupArchive } from './write-archive'
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
    const checkpoint = async () => {
      await new Promise<void>((r) => setImmediate(r))
      if (options.signal?.aborted) throw new Refusal('interrupted by shutdown', 'failed')
    }

    const files = await listDataFiles(config.dataDir)
    const pageBytes = deps.db.$client.query<{ n: number }, []>('SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()').get()?.n ?? 0
    const filesBytes = files.reduce((sum, f) => sum + f.size, 0)
    // The snapshot and the archive exist side by side until the snapshot is deleted.
    const needed = 2 * pageBytes + filesBytes
    const refusal = diskSpaceRefusal(await (options.diskSpace ?? diskSpaceOf)(dir), needed)
    if (refusal) throw new Refusal(refusal, 'failed')

    const now = deps.clock.now()
    target = inBackupDir ? join(dir, freshBackupName(dir, now)) : resolve(options.target!)
    snapshotPart = `${target}.db.part`
    archivePart = partPathFor(target)
    backupDatabase(deps.db.$client, snapshotPart)
    await checkpoint()
    const schemaVersion = settleSnapshot(snapshotPart, runId, inBackupDir ? basename(target) : target, now)
    const fingerprint = fingerprintOf(snapshotPart, files, deps.appKey)
    if (options.skipUnchanged) {
      const local = await listLocalBackups(config)
      const previous = lastFingerprint(deps, new Set(local.map((b) => b.name)))
      if (previous === fingerprint) throw new Refusal('nothing changed since the last backup', 'skipped')
    }
    await checkpoint()
    const { size } = await writeBackupArchive(archivePart, { snapshotPath: snapshotPart, files, appKey: deps.appKey, schemaVersion, createdAt: now, checkpoint })
    await rm(snapshotPart, { force: true })
    await chmod(archivePart, PRIVATE_FILE_MODE)
    await rename(archivePart, target)
    const file = inBackupDir ? basename(target) : target
    const pruned = inBackupDir ? await applyRetention(deps) : []
    const offsiteError = inBackupDir ? await copyOffsite(deps, target) : undefined
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

/**
 * The snapshot holds this run's own row, still "in-progress": in the copy it is recorded as the run that made
 * the archive, so a restored instance does not report it as interrupted. Returns the snapshot's schema version.
 */
function settleSnapshot(path: string, runId: number, file: string, now: number) {
  const snapshot = new Database(path)
  try {
    snapshot.query("UPDATE backup_runs SET status = 'completed', finished_at = ?, file = ? WHERE id = ?").run(now, file, runId)
    return schemaVersionOf(snapshot)
  } finally {
    snapshot.close()
  }
}

/** Size of a finished archive on disk (for callers that only have the path). */
export async function archiveSize(path: string): Promise<number> {
  return (await stat(path)).size
}
