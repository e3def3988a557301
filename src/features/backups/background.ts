/**
 * Backups running inside the server (the schedule's and the admins'): each gets the shared stop signal, and
 * `stopBackups` (shutdown) aborts them between files and waits for them to record their outcome.
 */
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { runBackup, type BackupOptions, type BackupOutcome } from './run-backup'

interface Running { controller: AbortController; jobs: Set<Promise<unknown>> }
const running = new WeakMap<object, Running>()

function stateOf(deps: Deps): Running {
  let state = running.get(deps.db)
  if (!state) running.set(deps.db, state = { controller: new AbortController(), jobs: new Set() })
  return state
}

/** Runs a backup with the server's stop signal; never rejects (every failure is on the run row and logged). */
export function runInBackground(deps: Deps, options: Omit<BackupOptions, 'signal'>): Promise<BackupOutcome | undefined> {
  const state = stateOf(deps)
  const job = runBackup(deps, { ...options, signal: state.controller.signal }).catch((err) => {
    deps.logger.error('backup failed', errorFields(err))
    return undefined
  })
  state.jobs.add(job)
  void job.finally(() => state.jobs.delete(job))
  return job
}

/** Shutdown: running backups stop at their next file and are recorded as failed ("interrupted by shutdown"). */
export async function stopBackups(deps: Deps): Promise<void> {
  const state = stateOf(deps)
  state.controller.abort()
  await Promise.all([...state.jobs])
}

/** Resolves when no backup started by this process is running (tests). */
export async function backupsSettled(deps: Deps): Promise<void> {
  const state = stateOf(deps)
  while (state.jobs.size > 0) await Promise.all([...state.jobs])
}
