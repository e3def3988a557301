/**
 * The in-process job loop (docs/api/export.md §7): one worker backed by the export_jobs table. It wakes when a job is
 * created and every 10 seconds, and runs one job at a time until none is pending. `stop()` interrupts the
 * running job (it goes back to `pending`, its partial file deleted) and resolves when the loop has ended.
 */
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { runNextExportJob } from './run-job'

const POLL_MS = 10_000

export interface ExportWorker {
  wake(): void
  stop(): Promise<void>
}

export function startExportWorker(deps: Deps): ExportWorker {
  const controller = new AbortController()
  let wanted = false
  let running: Promise<void> | undefined

  const loop = async () => {
    while (wanted && !controller.signal.aborted) {
      wanted = false
      try {
        while (await runNextExportJob(deps, { signal: controller.signal })) {
          // one job at a time, oldest first, until none is pending
        }
      } catch (err) {
        // A database error here leaves the job for the next wake-up (at most 10 s away).
        deps.logger.error('export loop failed', errorFields(err))
      }
    }
    running = undefined
  }

  const wake = () => {
    if (controller.signal.aborted) return
    wanted = true
    running ??= loop()
  }

  const interval = setInterval(wake, POLL_MS)
  interval.unref?.()
  wake()
  return {
    wake,
    async stop() {
      clearInterval(interval)
      controller.abort()
      await running
    },
  }
}
