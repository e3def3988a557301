/** The import's rule for a date that already has an entry, shared by both engines' stores (store.ts). */
import type { CheckInRow } from './schema'
import type { ImportChange, TrackerValues } from './store'
import { TRACKERS } from './trackers'

type Previous = Extract<ImportChange, { kind: 'replaced' }>['previous']

/** With mode=replace an existing entry takes the archive's trackers — only when one of them differs. */
export function trackersDiffer(row: CheckInRow, values: TrackerValues): boolean {
  return TRACKERS.some((t) => row[t.prop] !== values[t.prop])
}

/** What undoing a replacement puts back: the stored trackers and `updated_at`. */
export function previousValues(row: CheckInRow): Previous {
  const previous = { updatedAt: row.updatedAt } as Previous
  for (const t of TRACKERS) previous[t.prop] = row[t.prop]
  return previous
}
