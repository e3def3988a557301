/**
 * Each tap of the check-in saved as it is made. The upsert changes only the trackers it is sent (docs/api/check-in.md
 * §3), so a tap sends just its tracker. One request is under way at a time: taps made meanwhile wait, the latest value
 * per tracker, and go together in the next request, so rapid taps arrive in order and none is lost. A tap that
 * repeats the value shown (a double click) sends nothing. A failed request keeps its values waiting: the page says
 * so, and they go again with the next tap, the retry button, or when the browser is back online.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useAction } from '../../lib/use-action'
import type { CheckIn, Tracker } from './trackers'

export type Values = Partial<Record<Tracker, number | null>>

/** idle: nothing sent since the page opened; saving: a request under way (or taps waiting for it). */
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed'

const valuesOf = (entry: CheckIn | undefined, trackers: Tracker[]): Values =>
  Object.fromEntries(trackers.map((tracker) => [tracker, entry?.[tracker] ?? null]))

const isEmpty = (values: Values) => Object.keys(values).length === 0

export function useCheckInAutosave(date: string, loaded: CheckIn | undefined, trackers: Tracker[]) {
  const [entry, setEntry] = useState(loaded)
  const [draft, setDraft] = useState<Values>(() => valuesOf(loaded, trackers))
  const [state, setState] = useState<SaveState>('idle')
  // Read and written by the taps and the answers between renders, so the latest is always at hand.
  const queue = useRef({ shown: draft, waiting: {} as Values, sending: false })
  const save = useAction(async (patch: Values) => setEntry(await api.post('/check-in', { date, ...patch })))

  const flush = () => {
    const q = queue.current
    if (q.sending || isEmpty(q.waiting)) return
    const patch = q.waiting
    q.waiting = {}
    q.sending = true
    setState('saving')
    void save.run(patch).then((ok) => {
      q.sending = false
      if (!ok) {
        // Taps made while it was under way are newer than the failed ones.
        q.waiting = { ...patch, ...q.waiting }
        setState('failed')
      } else if (isEmpty(q.waiting)) setState('saved')
      else flush()
    })
  }

  const change = (tracker: Tracker, value: number | null) => {
    const q = queue.current
    if (q.shown[tracker] === value) return
    q.shown = { ...q.shown, [tracker]: value }
    q.waiting = { ...q.waiting, [tracker]: value }
    setDraft(q.shown)
    flush()
  }

  useEffect(() => {
    addEventListener('online', flush)
    return () => removeEventListener('online', flush)
  }, [])

  return {
    entry, draft, state, change,
    retry: flush,
    /** Something tapped is not stored yet: under way, waiting, or failed. */
    unsaved: state === 'saving' || state === 'failed',
    fieldError: save.fieldError,
    /** Why the last request failed, when no tracker shows it. */
    error: state === 'failed' ? save.formError : undefined,
  }
}
