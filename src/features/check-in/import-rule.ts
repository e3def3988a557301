/** The import's rules for writing an archive's entry — and for a date that already has one — shared by both engines' stores (store.ts). */
import type { CheckInRow } from './schema'
import type { CheckInDay, ImportedCheckIn, ImportedExtras, Replaced, SentExtras, TrackerValues } from './store'
import { TRACKERS } from './trackers'
import { storedSports } from './day-extras'

/** With mode=replace an existing entry takes the archive's trackers — only when one of them differs. */
export function trackersDiffer(row: CheckInRow, values: TrackerValues): boolean {
  return TRACKERS.some((t) => row[t.prop] !== values[t.prop])
}

/**
 * The `more_sports` column an archive's entry writes: its further sports, or undefined when the archive says nothing
 * of them (an existing day keeps its own, a new one has none).
 */
export const importedSports = (entry: ImportedCheckIn): string | null | undefined =>
  (entry.extras?.moreSports === undefined ? undefined : storedSports(entry.extras.moreSports))

/**
 * Whether replacing `day` (its row with its values and activities) by the archive's entry changes anything: its
 * trackers, its note and further sports (when the archive says them), a value or an activity the archive speaks for.
 */
export function entryDiffers(day: CheckInDay, entry: ImportedCheckIn): boolean {
  if (trackersDiffer(day, entry.values)) return true
  const extras = entry.extras
  if (!extras) return false
  if (extras.note !== undefined && extras.note !== day.note) return true
  const sports = importedSports(entry)
  if (sports !== undefined && sports !== day.moreSports) return true
  for (const [id, value] of extras.values) if ((day.values[id] ?? null) !== value) return true
  for (const [id, marked] of extras.activities) if (day.activities.includes(id) !== marked) return true
  return false
}

/** What undoing a replacement puts back: the stored trackers and `updated_at`, with the day's extras when they change. */
export function previousValues(day: CheckInDay, entry: ImportedCheckIn): Replaced {
  const previous = { updatedAt: day.updatedAt } as Replaced
  for (const t of TRACKERS) previous[t.prop] = day[t.prop]
  if (entry.extras) Object.assign(previous, { note: day.note, values: { ...day.values }, activities: [...day.activities] })
  if (entry.extras?.moreSports !== undefined) previous.moreSports = day.moreSports
  return previous
}

/**
 * The values and activities an archive's extras write on an entry: on a new one (`day` undefined) its values and
 * marks; on a replaced one also the clearing of the values it has none for, and the day's other marks kept.
 */
export function extrasWrite(extras: ImportedExtras, day?: CheckInDay): SentExtras {
  const kept = day ? day.activities.filter((id) => !extras.activities.has(id)) : []
  const activities = [...kept, ...[...extras.activities].filter(([, marked]) => marked).map(([id]) => id)]
  return {
    values: new Map([...extras.values].filter(([, value]) => day !== undefined || value !== null)),
    // a new entry has no marks to clear: without any to add, no statement at all (most days of most archives)
    ...((day !== undefined || activities.length > 0) && { activities }),
  }
}

/** The own-tracker values an entry written from `extras` carries. */
export const ownValueCount = (extras?: ImportedExtras) => (extras ? [...extras.values.values()].filter((v) => v !== null).length : 0)

/** What undoing a replacement writes beyond the trackers and note: the day's values and activities as they were. */
export function restoredExtras(previous: Replaced): SentExtras[] {
  if (!previous.values) return []
  const values = new Map(Object.entries(previous.values).map(([id, value]) => [Number(id), value]))
  return [{ values: null }, { values, activities: previous.activities ?? [] }]
}

/**
 * An import from another app onto a date that has an entry fills it (README "Imports from other apps"): what the
 * archive's entry would write, on what the day has — its trackers, own values and note only where the day has none,
 * its activities added to the day's (never one taken away), its further sports only on a day without sports. Written
 * as a replacement of the day by this, so a day with nothing to fill is left as it is (and counted skipped), the
 * undo puts back what it had, and the same file imported again adds nothing.
 */
export function filledEntry(day: CheckInDay, entry: ImportedCheckIn): ImportedCheckIn {
  const values = {} as TrackerValues
  for (const t of TRACKERS) values[t.prop] = day[t.prop] ?? entry.values[t.prop]
  const extras = entry.extras
  if (!extras) return { ...entry, values }
  return {
    ...entry,
    values,
    extras: {
      values: new Map([...extras.values].filter(([id, value]) => value !== null && day.values[id] === undefined)),
      activities: new Map([...extras.activities].filter(([id, marked]) => marked && !day.activities.includes(id))),
      ...(extras.note !== undefined && day.note === null && { note: extras.note }),
      ...(extras.moreSports !== undefined && day.sports === null && day.moreSports === null && { moreSports: extras.moreSports }),
    },
  }
}
