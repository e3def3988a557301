/** Loading, error and ready states of one API read, with a reload (after a change) and no update after unmount. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

export type Loaded<T> =
  | { state: 'loading'; data: T | undefined; error: undefined; reload: () => void }
  | { state: 'error'; data: T | undefined; error: unknown; reload: () => void }
  | { state: 'ready'; data: T; error: undefined; reload: () => void }

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Loaded<T> {
  const [result, setResult] = useState<{ state: 'loading' | 'error' | 'ready'; data?: T; error?: unknown }>({ state: 'loading' })
  const [generation, setGeneration] = useState(0)
  const latest = useRef(load)
  latest.current = load
  useEffect(() => {
    const controller = new AbortController()
    setResult((r) => ({ state: 'loading', data: r.data }))
    latest.current(controller.signal).then(
      (data) => { if (!controller.signal.aborted) setResult({ state: 'ready', data }) },
      (error) => { if (!controller.signal.aborted) setResult((r) => ({ state: 'error', data: r.data, error })) },
    )
    return () => controller.abort()
  }, [...deps, generation])
  const reload = useCallback(() => setGeneration((g) => g + 1), [])
  return { ...result, reload } as Loaded<T>
}
