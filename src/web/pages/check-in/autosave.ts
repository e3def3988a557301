/**
 * Each tap of the check-in saved as it is made. The upsert changes only what it is sent (docs/api/check-in.md §3
 * and §5), so a tap sends just its tracker: a built-in one by name, one's own inside `values` by id, the day's
 * whole set of `activities`, the day's whole list of `sport_ids` (never `sports` alone: §6), or the `note`. One request is under way at a time: taps made meanwhile wait, the
 * latest value per tracker, and go together in the next request, so rapid taps arrive in order and none is lost.
 * A tap that repeats the value shown (a double click) sends nothing. A failed request keeps its values waiting:
 * the page says so, and they go again with the next tap, the retry button, or when the browser is back online.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useAction } from '../../lib/use-action'
import type { SportId } from './sports'
import type { CheckIn, Tracker } from './trackers'

export type Values = Partial<Record<Tracker, number | null>>
export type ActivityId = CheckIn['activities'][number]

/** What the page shows: the built-in trackers by name, then one's own (`values` by tracker id), activities, sports and note. */
export type Draft = Values & { values: Record<string, number | null>; activities: ActivityId[]; sport_ids: SportId[]; note: string | null }
/** What one request sends beyond the date. */
type Patch = Partial<Draft>

/** idle: nothing sent since the page opened; saving: a request under way (or taps waiting for it). */
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed'

const draftOf = (entry: CheckIn | undefined, trackers: Tracker[]): Draft => ({
  ...Object.fromEntries(trackers.map((tracker) => [tracker, entry?.[tracker] ?? null])),
  values: { ...entry?.values },
  activities: entry?.activities ?? [],
  sport_ids: entry?.sport_ids ?? [],
  note: entry?.note ?? null,
})

const isEmpty = (patch: Patch) => Object.keys(patch).length === 0

/** `newer` over `older`; own tracker values merge one level down, so each keeps its latest. */
function merged(older: Patch, newer: Patch): Patch {
  const both = { ...older, ...newer }
  if (older.values && newer.values) both.values = { ...older.values, ...newer.values }
  return both
}

const sameSet = (a: ActivityId[], b: ActivityId[]) => a.length === b.length && a.every((id) => b.includes(id))
/** The sports' order matters: `sports` is the list's first built-in one. */
const sameList = (a: SportId[], b: SportId[]) => a.length === b.length && a.every((id, i) => b[i] === id)

export function useCheckInAutosave(date: string, loaded: CheckIn | undefined, trackers: Tracker[]) {
  const [entry, setEntry] = useState(loaded)
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded, trackers))
  const [state, setState] = useState<SaveState>('idle')
  // Read and written by the taps and the answers between renders, so the latest is always at hand.
  const queue = useRef({ shown: draft, waiting: {} as Patch, sending: false })
  const save = useAction(async (patch: Patch) => setEntry(await api.post('/check-in', { date, ...patch })))

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
        q.waiting = merged(patch, q.waiting)
        setState('failed')
      } else if (isEmpty(q.waiting)) setState('saved')
      else flush()
    })
  }

  /** Shows `patch` (something that differs from what is shown) and sends it. */
  const apply = (patch: Patch) => {
    const q = queue.current
    q.shown = { ...q.shown, ...patch, values: { ...q.shown.values, ...patch.values } }
    q.waiting = merged(q.waiting, patch)
    setDraft(q.shown)
    flush()
  }

  useEffect(() => {
    addEventListener('online', flush)
    return () => removeEventListener('online', flush)
  }, [])

  const shown = () => queue.current.shown
  return {
    entry, draft, state,
    /** A built-in tracker's value. */
    change: (tracker: Tracker, value: number | null) => {
      if (shown()[tracker] !== value) apply({ [tracker]: value } as Values)
    },
    /** One's own tracker's value, by its id. */
    changeValue: (id: string, value: number | null) => {
      if ((shown().values[id] ?? null) !== value) apply({ values: { [id]: value } })
    },
    /** The day's whole set of activities. */
    changeActivities: (ids: ActivityId[]) => {
      if (!sameSet(shown().activities, ids)) apply({ activities: ids })
    },
    /** The day's whole list of sports, in the order chosen. */
    changeSports: (ids: SportId[]) => {
      if (!sameList(shown().sport_ids, ids)) apply({ sport_ids: ids })
    },
    changeNote: (note: string | null) => {
      if (shown().note !== note) apply({ note })
    },
    retry: flush,
    /** Something tapped is not stored yet: under way, waiting, or failed. */
    unsaved: state === 'saving' || state === 'failed',
    fieldError: save.fieldError,
    /** Why the last request failed, when no tracker shows it. */
    error: state === 'failed' ? save.formError : undefined,
  }
}
