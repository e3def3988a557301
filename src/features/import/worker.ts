/**
 * The in-process import loop, like the export's (docs/api/export.md §7): backed by the import_jobs table, woken when a
 * job is created and every 10 seconds, one job at a time. There is nothing to stop at shutdown: every batch the
 * job writes is recorded for undoing in its own transaction, and a job interrupted is undone and put back to
 * `pending` by `startImportWorker` at the next start (recovery.ts), before the HTTP server accepts requests.
 */
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { runNextImportJob } from './run-job'
import { recoverImports } from './recovery'

const POLL_MS = 10_000

export interface ImportWorker { wake(): void; stop(): void }

const workers = new WeakMap<Deps, ImportWorker>()

/** Wakes the loop of these deps, if `serve` started one (tests run jobs with runNextImportJob). */
export function wakeImportWorker(deps: Deps): void {
  workers.get(deps)?.wake()
}

/** Start-up: recovery of interrupted imports (awaited before the server listens), then the loop. */
export async function startImportWorker(deps: Deps): Promise<ImportWorker> {
  await recoverImports(deps)
  let wanted = false
  let running: Promise<void> | undefined
  let stopped = false
  const loop = async () => {
    while (wanted && !stopped) {
      wanted = false
      try {
        while (!stopped && await runNextImportJob(deps)) {
          // one job at a time, oldest first
        }
      } catch (err) {
        deps.logger.error('import loop failed', errorFields(err))
      }
    }
    running = undefined
  }
  const wake = () => {
    if (stopped) return
    wanted = true
    running ??= loop()
  }
  const interval = setInterval(wake, POLL_MS)
  interval.unref?.()
  const worker = { wake, stop: () => { stopped = true; clearInterval(interval) } }
  workers.set(deps, worker)
  wake()
  return worker
}
