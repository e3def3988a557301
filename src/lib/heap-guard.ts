/**
 * Keeps the memory of a long background job flat (a backup's, for one). Such a job allocates a lot of short-lived
 * garbage (rows, records, text, compressed pieces) and the engine's collector lets the heap, and with it the
 * process RSS, climb well above the live data before it runs. A full collection whenever the heap has grown by
 * `slack` since the last one bounds the peak regardless of how much there is to write (bench/backup.ts).
 */
const HEAP_SLACK = 8 * 1024 * 1024

export function createHeapGuard(slack = HEAP_SLACK): () => void {
  let floor = process.memoryUsage().heapUsed
  return () => {
    if (process.memoryUsage().heapUsed - floor < slack) return
    Bun.gc(true)
    floor = process.memoryUsage().heapUsed
  }
}
