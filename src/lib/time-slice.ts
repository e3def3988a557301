/**
 * Background work on the server's one thread (imports, exports) runs in slices: it calls the function this
 * returns between small steps, and once a slice has run `sliceMs` the call yields to the event loop, so a
 * request waiting behind the job is answered within about one slice. Between yields the call costs one clock read.
 */
export const DEFAULT_SLICE_MS = 15

export type Pause = () => Promise<void> | undefined

export function timeSlicer(sliceMs = DEFAULT_SLICE_MS): Pause {
  let sliceStart = performance.now()
  const resume = () => { sliceStart = performance.now() }
  return () => {
    if (performance.now() - sliceStart < sliceMs) return undefined
    return new Promise<void>((resolve) => setImmediate(resolve)).then(resume)
  }
}
