/** The admin's verbs: list backups (local and off-site) with recent runs, start one now, download, delete. */
import { lstat, rm } from 'node:fs/promises'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { iso } from '../../lib/clock'
import { lockIsHeld } from '../../lib/lock-file'
import { ConflictError, NotFoundError } from '../../lib/errors'
import { backupLockPath, backupPath, compareBackupNames, isBackupFileName, listLocalBackups, timeOfBackupName } from './paths'
import { activeRun, createRun, findRun, presentRun, recentRuns } from './runs'
import { listOffsite } from './offsite'
import { runInBackground } from './background'
import type { BackupRunRow } from './schema'

export const BACKUP_NOT_FOUND = 'Backup not found.'

type Location = 'local' | 'offsite'

export interface BackupItem { name: string; size_bytes: number; created_at: string; locations: Location[] }

export async function listBackups(deps: Deps, runsLimit: number) {
  const items = new Map<string, BackupItem>()
  for (const b of await listLocalBackups(deps.config)) {
    items.set(b.name, { name: b.name, size_bytes: b.size, created_at: iso(b.createdAt), locations: ['local'] })
  }
  let offsiteError: string | null = null
  if (deps.config.backupS3) {
    try {
      for (const copy of await listOffsite(deps)) {
        const item = items.get(copy.name)
        if (item) item.locations.push('offsite')
        else items.set(copy.name, {
          name: copy.name, size_bytes: copy.size, created_at: iso(timeOfBackupName(copy.name) ?? copy.createdAt), locations: ['offsite'],
        })
      }
    } catch (err) {
      offsiteError = err instanceof Error ? err.message : String(err)
    }
  }
  const backups = [...items.values()].sort((a, b) => compareBackupNames(b.name, a.name))
  return {
    backups,
    offsite: deps.config.backupS3 ? { where: deps.config.backupS3.where, error: offsiteError } : null,
    schedule: deps.config.backupSchedule ? { pattern: deps.config.backupSchedule.pattern, timezone: deps.config.backupSchedule.timezone } : null,
    keep: deps.config.backupKeep,
    runs: recentRuns(deps, runsLimit).map(presentRun),
  }
}

/**
 * Starts a backup now (asynchronous). While one is running (here, or a `daybook backup` on this data folder),
 * that run is answered instead of starting another; a lock held without a run row to show is a 409. A run row
 * left "in progress" by a process that died holds no lock and does not block.
 */
export function startBackupNow(deps: Deps, actor: Actor): { run: BackupRunRow; started: boolean } {
  if (lockIsHeld(backupLockPath(deps.config.dataDir)) !== undefined) {
    const active = activeRun(deps)
    if (active) return { run: active, started: false }
    throw new ConflictError('A backup is already running.', 'backup_running')
  }
  const run = createRun(deps, 'admin')
  // Who asked is in the log, not in backup_runs: the history stays free of user ids (it outlives accounts).
  deps.logger.info('backup started by an admin', { run_id: run.id, user_id: actor.user.id })
  void runInBackground(deps, { trigger: 'admin', runId: run.id })
  return { run, started: true }
}

export function getRun(deps: Deps, id: number) {
  const run = findRun(deps, id)
  if (!run) throw new NotFoundError('Backup run not found.')
  return presentRun(run)
}

/**
 * The file of a local backup; `name` was checked against the name pattern by the route. Only a regular file is one:
 * `lstat` does not follow a link with a backup's name (it could point at the live database), which is not found.
 */
export async function findBackupFile(deps: Deps, name: string): Promise<{ path: string; size: number }> {
  if (!isBackupFileName(name)) throw new NotFoundError(BACKUP_NOT_FOUND)
  const path = backupPath(deps.config, name)
  const info = await lstat(path).catch(() => undefined)
  if (!info?.isFile()) throw new NotFoundError(BACKUP_NOT_FOUND)
  return { path, size: info.size }
}

/** Deletes a local backup (off-site copies follow the off-site retention). */
export async function deleteBackup(deps: Deps, actor: Actor, name: string): Promise<void> {
  const { path } = await findBackupFile(deps, name)
  await rm(path, { force: true })
  deps.logger.info('backup deleted', { file: name, user_id: actor.user.id })
}
