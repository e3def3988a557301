/**
 * The person's own trackers, activities and sports in the checkIn feature (docs/api/export.md §10.3): trackers.csv,
 * activities.csv, sports.csv, the `trackers`, `activities` and `sports` keys of data.json, and what check_ins.csv
 * writes for them after the twelve — one column per tracker by its name, `More Sports`, `Activities` and `Note`.
 */
import { iso } from '../../../lib/clock'
import { daySportIds } from '../../check-in/present'
import type { CheckInDay } from '../../check-in/store'
import { presentActivity, presentSport, presentTracker } from '../../trackers/present'
import { nameKey } from '../../trackers/names'
import type { ActivityRow, SportRow, TrackerRow } from '../../trackers/schema'
import { SPORTS } from '../../users/settings-model'
import type { CsvValue } from '../csv'
import { mapPages, onePage } from '../readers'
import type { ExportScope, FeatureData } from '../scope'
import { writeCsvFile } from './text-file'

export interface Definitions { trackers: TrackerRow[]; activities: ActivityRow[]; sports: SportRow[] }

/** The columns of check_ins.csv after the twelve: one per tracker, then these. */
const DAY_COLUMNS = ['More Sports', 'Activities', 'Note']

/** Names joined as a cell of check_ins.csv; empty when there are none. */
const namesCell = (names: string[]) => (names.length === 0 ? null : names.join('; '))

/**
 * Each tracker's header in check_ins.csv: its name, or — when that is already a header of the file, in any case —
 * the name with ` (own)`, ` (own 2)` … (a tracker called "Mood" beside the built-in Mood). Names of trackers are
 * unique per person already, so only the fixed headers can collide; every tracker's own name stays reserved.
 */
export function trackerHeaders(trackers: readonly TrackerRow[], fixed: readonly string[]): string[] {
  const builtIn = new Set([...fixed, ...DAY_COLUMNS].map(nameKey))
  const used = new Set([...builtIn, ...trackers.map((t) => nameKey(t.name))])
  return trackers.map((t) => {
    if (!builtIn.has(nameKey(t.name))) return t.name
    let header = `${t.name} (own)`
    for (let n = 2; used.has(nameKey(header)); n++) header = `${t.name} (own ${n})`
    used.add(nameKey(header))
    return header
  })
}

/** The headers check_ins.csv gets after `fixed`, and each day's cells for them. */
export function dayColumns(definitions: Definitions, fixed: readonly string[]) {
  const { trackers, activities, sports } = definitions
  const order = new Map(activities.map((a, i) => [a.id, i]))
  // `Sports` holds the day's built-in sport as its code; the others go by name: a built-in one by its settings name.
  const sportName = new Map<number, string>([...SPORTS.map((name, i) => [i + 1, name] as const), ...sports.map((s) => [s.id, s.name] as const)])
  return {
    headers: [...trackerHeaders(trackers, fixed), ...DAY_COLUMNS],
    cells(day: CheckInDay): CsvValue[] {
      const values = trackers.map((t) => {
        const value = day.values[t.id]
        if (value === undefined) return null
        return t.kind === 'yesno' ? value === 1 : value
      })
      const more = daySportIds(day).filter((id) => id !== day.sports && sportName.has(id)).map((id) => sportName.get(id)!)
      const marked = day.activities.filter((id) => order.has(id)).sort((a, b) => order.get(a)! - order.get(b)!)
      return [...values, namesCell(more), namesCell(marked.map((id) => activities[order.get(id)!]!.name)), day.note]
    },
  }
}

const TRACKER_HEADER = ['ID', 'Name', 'Column', 'Kind', 'Emoji', 'Position', 'Min', 'Max', 'Min Label', 'Max Label', 'Unit', 'Decimals', 'Archived',
  'Shared', 'Created At', 'Updated At']
const ACTIVITY_HEADER = ['ID', 'Name', 'Group', 'Position', 'Archived', 'Created At', 'Updated At']
const SPORT_HEADER = ['ID', 'Name', 'Emoji', 'Position', 'Archived', 'Created At', 'Updated At']

/** trackers.csv (with the header of each tracker's column in check_ins.csv), activities.csv and sports.csv. */
export async function writeDefinitionFiles(scope: ExportScope, definitions: Definitions, fixed: readonly string[]): Promise<void> {
  const { trackers, activities } = definitions
  const headers = trackerHeaders(trackers, fixed)
  const column = new Map(trackers.map((t, i) => [t.id, headers[i]!]))
  await writeCsvFile(scope, 'trackers.csv', TRACKER_HEADER, onePage(scope, trackers), (t) => [
    t.id, t.name, column.get(t.id)!, t.kind, t.emoji, t.position, t.min, t.max, t.minLabel, t.maxLabel, t.unit, t.decimals, t.archived, t.shared,
    iso(t.createdAt), iso(t.updatedAt),
  ])
  await writeCsvFile(scope, 'activities.csv', ACTIVITY_HEADER, onePage(scope, activities), (a) => [
    a.id, a.name, a.groupName, a.position, a.archived, iso(a.createdAt), iso(a.updatedAt),
  ])
  await writeCsvFile(scope, 'sports.csv', SPORT_HEADER, onePage(scope, definitions.sports), (s) => [
    s.id, s.name, s.emoji, s.position, s.archived, iso(s.createdAt), iso(s.updatedAt),
  ])
}

/** data.json's `trackers`, `activities` and `sports` (one's own), in their API shapes (docs/api/trackers.md). */
export function definitionSections(scope: ExportScope, definitions: Definitions): { key: string; data: FeatureData }[] {
  return [
    { key: 'trackers', data: { pages: mapPages(onePage(scope, definitions.trackers), presentTracker) } },
    { key: 'activities', data: { pages: mapPages(onePage(scope, definitions.activities), presentActivity) } },
    { key: 'sports', data: { pages: mapPages(onePage(scope, definitions.sports), presentSport) } },
  ]
}
