/**
 * WAL checkpoints on a thread of their own while the server writes a lot.
 *
 * SQLite's automatic checkpoint runs inside whichever statement of the request connection steps to its end after
 * a commit took the WAL past 1,000 pages (in daybook the next request's token lookup). It copies the pages back
 * into the database file and waits for their fsyncs, and every request queued behind it waits too (README,
 * Performance). Once the server writes more than BUSY_ROWS rows in a second, a worker thread with its own
 * connection runs a PASSIVE checkpoint every `intervalMs` instead (PASSIVE neither waits for nor blocks a reader
 * or a writer), and the request connection checkpoints only as a backstop, at WAL_LIMIT_PAGES. After QUIET_CHECKS
 * seconds without a write the thread ends and SQLite's own checkpoint is back: at a few writes a second it comes
 * seldom and delays little, and the thread's 2 MB would otherwise stay with the idle server.
 */
import { dirname, join } from 'node:path'
import type { Deps } from '../deps'

export type CheckpointRequest = { type: 'start'; path: string; intervalMs: number } | { type: 'stop' }
export type CheckpointAnswer = { type: 'stopped' } | { type: 'failed'; message: string }

export const CHECKPOINT_INTERVAL_MS = 250
/**
 * A writer starts the WAL over only once a checkpoint has caught up with it, which a checkpoint running beside
 * writes that never pause does not: under the 64 writers the WAL grew by 25 MB a second with no backstop. The
 * request connection's own checkpoint then comes every 10,000 pages (40 MB) instead of every 1,000, and finds
 * nearly everything copied and synced already.
 */
export const WAL_LIMIT_PAGES = 10_000
const CHECK_MS = 1_000
const BUSY_ROWS = 100
const QUIET_CHECKS = 10
const STOP_TIMEOUT_MS = 5_000

/** In the executable the worker is an entry point of its own, embedded under its path below src/ (scripts/compile.ts). */
function workerUrl(): string {
  if (Bun.main.startsWith('/$bunfs/')) return join(dirname(Bun.main), 'lib/db/checkpoint-worker.js')
  return new URL('./checkpoint-worker.ts', import.meta.url).href
}

export interface Checkpoints {
  /** Ends the thread after one last checkpoint, so the server's own connection, closed next, is the last one. */
  stop(): Promise<void>
}

export function startCheckpoints(deps: Pick<Deps, 'db' | 'config' | 'logger'>, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpoints {
  const sqlite = deps.db.$client
  const rowsWritten = sqlite.query<{ n: number }, []>('SELECT total_changes() AS n')
  const automatic = sqlite.query<{ wal_autocheckpoint: number }, []>('PRAGMA wal_autocheckpoint').get()!.wal_autocheckpoint
  let worker: Worker | undefined
  let stopping: Promise<void> | undefined
  let ended: (() => void) | undefined
  let failed = false

  const end = () => {
    worker?.terminate()
    worker = undefined
    sqlite.exec(`PRAGMA wal_autocheckpoint = ${automatic}`)
    ended?.()
  }
  const fail = (message: string) => {
    if (!worker) return
    failed = true
    deps.logger.error('the WAL checkpoint thread failed; requests checkpoint as SQLite does by default', { error: message })
    end()
  }
  const startThread = () => {
    // The server's own handles keep the process alive; the thread alone must not (`ref: false`).
    worker = new Worker(workerUrl(), { smol: true, ref: false })
    worker.onmessage = ({ data }: MessageEvent<CheckpointAnswer>) => (data.type === 'failed' ? fail(data.message) : end())
    worker.onerror = (event) => fail(event.message)
    worker.postMessage({ type: 'start', path: deps.config.databasePath, intervalMs } satisfies CheckpointRequest)
    sqlite.exec(`PRAGMA wal_autocheckpoint = ${WAL_LIMIT_PAGES}`)
  }
  const stopThread = (): Promise<void> => {
    if (!worker) return Promise.resolve()
    stopping ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => fail(`no answer to stop within ${STOP_TIMEOUT_MS} ms`), STOP_TIMEOUT_MS)
      ended = () => { clearTimeout(timer); ended = undefined; stopping = undefined; resolve() }
      worker!.postMessage({ type: 'stop' } satisfies CheckpointRequest)
    })
    return stopping
  }

  let seen = rowsWritten.get()!.n
  let quiet = 0
  const timer = setInterval(() => {
    const total = rowsWritten.get()!.n
    const written = total - seen
    seen = total
    quiet = written === 0 ? quiet + 1 : 0
    if (!worker && !failed && written >= BUSY_ROWS) startThread()
    else if (worker && !stopping && quiet >= QUIET_CHECKS) void stopThread()
  }, CHECK_MS)
  timer.unref()

  return {
    stop() {
      clearInterval(timer)
      return stopThread()
    },
  }
}
