/**
 * Runs a backup's archive job (archive-job.ts) on a worker thread of its own, so that VACUUM INTO, the
 * fingerprint's read of every row and the deflating never hold the server's event loop: requests are answered
 * while a backup runs. The thread has its own heap and its own database connection, and ends with the job.
 */
import { dirname, join } from 'node:path'
import { ArchiveStopped, type ArchiveJob, type ArchiveJobResult } from './archive-job'

export type WorkerRequest = { type: 'start'; job: ArchiveJob } | { type: 'stop' }
export type WorkerAnswer = { type: 'done'; result: ArchiveJobResult } | { type: 'failed'; message: string; stopped: boolean }

/**
 * In the executable the worker is an entry point of its own, embedded under the path it has below src/ (Bun
 * names the main entry after the executable, beside it); from a checkout it is the source file next to this one.
 */
function workerUrl(): string {
  if (Bun.main.startsWith('/$bunfs/')) return join(dirname(Bun.main), 'features/backups/archive-worker.js')
  return new URL('./archive-worker.ts', import.meta.url).href
}

/** The job's result; rejects with ArchiveStopped when `signal` stopped it, with an Error saying why it failed otherwise. */
export async function runArchiveJob(job: ArchiveJob, signal?: AbortSignal): Promise<ArchiveJobResult> {
  // smol: the worker's heap is collected eagerly; what it holds at once is small (pages of rows, one batch of output).
  const worker = new Worker(workerUrl(), { smol: true })
  const stop = () => worker.postMessage({ type: 'stop' } satisfies WorkerRequest)
  signal?.addEventListener('abort', stop, { once: true })
  try {
    return await new Promise<ArchiveJobResult>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
        const answer = event.data
        if (answer.type === 'done') resolve(answer.result)
        else reject(answer.stopped ? new ArchiveStopped() : new Error(answer.message))
      }
      worker.onerror = (event) => reject(new Error(`the backup worker failed: ${event.message}`))
      worker.addEventListener('close', () => reject(new Error('the backup worker ended without an answer')))
      worker.postMessage({ type: 'start', job } satisfies WorkerRequest)
      if (signal?.aborted) stop()
    })
  } finally {
    signal?.removeEventListener('abort', stop)
    worker.terminate()
  }
}
