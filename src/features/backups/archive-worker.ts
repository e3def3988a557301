/**
 * Worker thread entry of a backup's archive job (archive-thread.ts starts it, one per backup). The executable
 * embeds it as an entry point of its own (scripts/compile.ts). Messages: `start` with the job, then `stop` to end
 * it at its next file; it answers once, `done` with the result or `failed` with the reason.
 */
import { ArchiveStopped, makeArchive } from './archive-job'
import type { WorkerRequest, WorkerAnswer } from './archive-thread'

declare const self: Worker

let stopRequested = false

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data
  if (request.type === 'stop') {
    stopRequested = true
    return
  }
  let answer: WorkerAnswer
  try {
    answer = { type: 'done', result: await makeArchive(request.job, () => stopRequested) }
  } catch (err) {
    answer = { type: 'failed', message: err instanceof Error ? err.message : String(err), stopped: err instanceof ArchiveStopped }
  }
  self.postMessage(answer)
}
