/**
 * The job's side of an import from another app: the stored file read again with the mapping the request checked
 * (import-jobs.ts), its definitions and then its days handed to the import's writer; refused rows and names left out become the counts'
 * `refused` with their reasons (the first lines named; the dry run lists them all).
 */
import type { Deps } from '../../../lib/deps'
import type { Pause } from '../../../lib/time-slice'
import type { ArchiveSummary, ImportSink } from '../archive'
import { isForeignFormat, readForeign } from '.'
import { parseMapping, resolveMapping } from './mapping'
import { writeDefinitions } from './write'

/** reasons listed in the counts (the count itself is whole) */
const LISTED = 20

export async function readForeignJob(deps: Deps, userId: string, stored: string, bytes: Uint8Array, sink: ImportSink, pause: Pause): Promise<ArchiveSummary> {
  const { format, mapping: sent } = JSON.parse(stored) as { format: string; mapping: string }
  if (!isForeignFormat(format)) throw new Error(`an import job of an unknown format: ${format}`)
  const found = await readForeign(format, bytes)
  const mapping = resolveMapping(found, parseMapping(sent), true)
  await pause()
  const { write, leftOut } = await writeDefinitions(found, mapping, await deps.stores.trackers.list(userId), sink, pause)
  // A Daylio CSV is read again, each day written as it completes (its first reading kept no days); the other formats'
  // days were collected, and go in date order.
  if (format === 'daylio-csv') await (await import('./daylio-csv')).streamDaylioCsv(bytes, write)
  else for (const day of found.ordered()) await write(day)
  const refused: ArchiveSummary['refused'] = {}
  if (found.refused.length > 0) {
    const why = found.refused.slice(0, LISTED).map((row) => `line ${row.line}: ${row.why}`)
    if (found.refused.length > LISTED) why.push(`and ${found.refused.length - LISTED} more rows (the dry run lists them all)`)
    refused.checkIn = { count: found.refused.length, why }
  }
  for (const { why, names } of leftOut) {
    refused.trackers = { count: names.length, why: names.slice(0, LISTED).map((name) => `"${name.slice(0, 60)}…": ${why}`) }
  }
  const habits = [...found.habitsLeftOut]
  if (habits.length > 0) {
    const counts = (refused.trackers ??= { count: 0, why: [] })
    counts.count += habits.length
    counts.why.push(...habits.map(([name, why]) => `the habit "${name}": ${why}`))
  }
  return { features: ['checkIn'], refused }
}
