/**
 * Worker thread entry of the WAL checkpointer (checkpoints.ts starts it while the server writes a lot). The
 * executable embeds it as an entry point of its own (scripts/compile.ts).
 */
import { Database } from 'bun:sqlite'
import type { CheckpointAnswer, CheckpointRequest } from './checkpoints'

declare const self: Worker

let db: Database | undefined
let timer: Timer | undefined

const answer = (message: CheckpointAnswer) => self.postMessage(message)
const failed = (err: unknown) => answer({ type: 'failed', message: err instanceof Error ? err.message : String(err) })

/** PASSIVE copies what no reader still needs and returns; it never waits for the server's connection. */
function checkpoint(): boolean {
  try {
    db!.run('PRAGMA wal_checkpoint(PASSIVE)')
    return true
  } catch (err) {
    clearInterval(timer)
    db?.close()
    db = undefined
    failed(err)
    return false
  }
}

self.onmessage = ({ data }: MessageEvent<CheckpointRequest>) => {
  if (data.type === 'start') {
    try {
      db = new Database(data.path, { readwrite: true, create: false })
    } catch (err) {
      failed(err)
      return
    }
    timer = setInterval(checkpoint, data.intervalMs)
    return
  }
  clearInterval(timer)
  // What the last interval wrote goes in too; closing does not checkpoint while the server's connection is open.
  if (!db || !checkpoint()) return
  db.close()
  answer({ type: 'stopped' })
}
