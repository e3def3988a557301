/**
 * Keeps the export's memory flat. The job allocates a lot of short-lived garbage (rows, presented records,
 * CSV and JSON text) and the engine's collector lets the heap, and with it the process RSS, climb well above
 * the live data before it runs. A full collection whenever the heap has grown by HEAP_SLACK since the last
 * one bounds the peak regardless of how much the user has (bench/export.ts), at about 10% of the job's time.
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
