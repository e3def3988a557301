/**
 * What a report shows (docs/api/shares.md §1): the chosen trackers — built-in names and the person's own tracker
 * ids, in the order given — the first and last day, and whether the day notes are shown. The report of the web app
 * and a share link are checked by the same rules.
 */
import type { FieldErrors } from '../../lib/errors'
import { throwIfErrors } from '../../lib/validation'
import { readStoredList } from '../../lib/stored-json'
import { TRACKER_KEYS, type TrackerKey } from '../check-in/trackers'
import { idIn } from '../check-in/extras'
import { MAX_TRACKERS } from '../trackers/model'
import type { TrackerRow } from '../trackers/schema'

/** A tracker a report shows: a built-in name, or the id of one of the person's own trackers. */
export type TrackerPick = TrackerKey | number

export interface ReportChoice { trackers: TrackerPick[]; from: string; to: string; notes: boolean }

/** The most trackers a report can hold: every built-in one and every own one. */
export const MAX_PICKS = TRACKER_KEYS.length + MAX_TRACKERS

const isBuiltin = (v: unknown): v is TrackerKey => typeof v === 'string' && (TRACKER_KEYS as readonly string[]).includes(v)

/**
 * The chosen trackers, each a built-in name or an id of `own` (archived ones too: their values are kept), in the
 * order sent; one chosen twice counts once. Each one that is neither is a 422 at `trackers.{index}`.
 */
export function checkedPicks(sent: readonly unknown[], own: readonly TrackerRow[]): TrackerPick[] {
  const errors: FieldErrors = {}
  if (sent.length === 0) errors.trackers = ['The trackers field is required.']
  if (sent.length > MAX_PICKS) errors.trackers = [`The trackers field must not have more than ${MAX_PICKS} items.`]
  const ids = new Set(own.map((t) => t.id))
  const picks = new Set<TrackerPick>()
  sent.forEach((raw, i) => {
    const id = isBuiltin(raw) ? undefined : idIn(raw)
    if (isBuiltin(raw)) picks.add(raw)
    else if (id !== undefined && ids.has(id)) picks.add(id)
    else errors[`trackers.${i}`] = [`The selected trackers.${i} is invalid.`]
  })
  throwIfErrors(errors)
  return [...picks]
}

/** A stored share's trackers (written by `checkedPicks`), read back. */
export function storedPicks(json: string): TrackerPick[] {
  return readStoredList(json, (v): v is TrackerPick => isBuiltin(v) || (typeof v === 'number' && Number.isSafeInteger(v))) ?? []
}
