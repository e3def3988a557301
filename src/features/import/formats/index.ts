/**
 * The formats of other apps the import reads (README "Imports from other apps"): each reader checks the whole file
 * and returns what it found (found.ts), or refuses it with a 422 that says why.
 */
import type { Found } from './found'
import type { Mapping } from './mapping'

export const FOREIGN_FORMATS = ['daylio-csv', 'daylio-backup', 'loop-csv'] as const
export type ForeignFormat = (typeof FOREIGN_FORMATS)[number]
export const isForeignFormat = (format: string | undefined): format is ForeignFormat => (FOREIGN_FORMATS as readonly string[]).includes(format ?? '')

/**
 * The readers load with the first file of another app (each an embedded chunk of its own, scripts/compile.ts), not at
 * start-up: d3-dsv, which the CSV readers use, reads a local time as it loads (its autoType's check of the zone), and
 * the first local time loads ICU's code and time-zone data, which stayed in the idle server's memory (2.3 MB with the
 * readers themselves; README "Where the memory went", test/foundation/startup-icu.test.ts).
 */
const READERS: Record<ForeignFormat, () => Promise<(bytes: Uint8Array) => Found>> = {
  'daylio-csv': async () => (await import('./daylio-csv')).readDaylioCsv,
  'daylio-backup': async () => (await import('./daylio-backup')).readDaylioBackup,
  'loop-csv': async () => (await import('./loop-csv')).readLoopCsv,
}

export async function readForeign(format: ForeignFormat, bytes: Uint8Array): Promise<Found> {
  const read = await READERS[format]()
  return read(bytes).settle()
}

/** how many refused rows the dry run lists (the count is always whole) */
export const LISTED_REFUSALS = 1000

const counted = (names: Map<string, number>) => [...names].map(([name, count]) => ({ name, count }))

/** The dry run's answer: what the file holds, what the mapping (or its defaults) makes of it, and every refused row. */
export function presentFindings(format: ForeignFormat, found: Found, mapping: Mapping) {
  const { days, range } = found.summary()
  return {
    format,
    rows: found.rows,
    days,
    date_range: range,
    moods: counted(found.moods).map((m) => ({ ...m, value: mapping.moods.get(m.name) ?? null, mapped: mapping.moods.has(m.name) })),
    activities: counted(found.activities).map((a) => ({ ...a, group: found.activityGroups.get(a.name) ?? null, target: mapping.activities.get(a.name)! })),
    scales: counted(found.scales).map((s) => ({ ...s, target: mapping.scales.get(s.name)! })),
    habits: counted(found.habits).map((h) => ({ ...h, target: mapping.habits.get(h.name)!, left_out: found.habitsLeftOut.get(h.name) ?? null })),
    refused_rows: found.refused.length,
    refused: found.refused.slice(0, LISTED_REFUSALS),
  }
}
