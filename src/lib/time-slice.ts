/**
 * Background work on the server's one thread (imports, exports) runs in slices: it calls the function this
 * returns between small steps, and once a slice has run `sliceMs` the call yields to the event loop, so a
 * request waiting behind the job is answered within about one slice. Between yields the call costs one clock read.
 *
 * At a yield it also keeps the job's memory flat: what such a job allocates is mostly short-lived buffers
 * (inflated pieces, decoded text, rows), whose memory the engine's collector neither counts in its heap nor
 * collects soon enough — an import's RSS climbed by 200 MB over a heap of 65 MB. A full collection whenever
 * the RSS has grown by `memorySlackBytes` since the last one bounds it (a few milliseconds each).
 */
export const DEFAULT_SLICE_MS = 15
const DEFAULT_MEMORY_SLACK = 16 * 1024 * 1024

export type Pause = () => Promise<void> | undefined

export function timeSlicer(sliceMs = DEFAULT_SLICE_MS, memorySlackBytes = DEFAULT_MEMORY_SLACK): Pause {
  let sliceStart = performance.now()
  let floor = process.memoryUsage.rss()
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve))
  // The collection is a stretch of its own, with requests answered before and after it, never one slice's tail.
  const collect = () => {
    Bun.gc(true)
    floor = process.memoryUsage.rss()
    return turn()
  }
  const resume = () => { sliceStart = performance.now() }
  return () => {
    if (performance.now() - sliceStart < sliceMs) return undefined
    const due = process.memoryUsage.rss() - floor > memorySlackBytes
    return (due ? turn().then(collect) : turn()).then(resume)
  }
}
