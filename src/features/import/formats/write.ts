/**
 * Hands what an import from another app found to the import's sink (apply.ts, the same writer, journal and undo as
 * the import of an export) as definitions and days, through the mapping: every target named once (two names of the
 * file may go to one), then the days in date order. A scale goes to a number tracker unless the person has a tracker
 * of that name, which it then fills (values that do not fit it are left out and counted); activities mapped to a
 * yes/no tracker say yes on the days that have them and no on the file's other days; a habit says what its marks say.
 */
import type { Pause } from '../../../lib/time-slice'
import type { TrackerRow } from '../../trackers/schema'
import { CreateActivityBody, CreateTrackerBody } from '../../trackers/model'
import { kindColumns } from '../../trackers/kinds'
import { nameKey } from '../../trackers/names'
import { TRACKERS, type TrackerProp } from '../../check-in/trackers'
import type { ImportSink } from '../archive'
import type { OwnDay } from '../records'
import { joinedNote, type Found, type FoundDay } from './found'
import type { Mapping } from './mapping'

interface Target { id: number; name: string; kind?: TrackerRow['kind'] }

/** Whether a definition's name passes its endpoint's rules (a longer name of the file is left out, with why). */
const validName = (kind: 'tracker' | 'activity', name: string) => {
  try {
    if (kind === 'activity') CreateActivityBody.validate({ name })
    else CreateTrackerBody.validate({ name, kind: 'yesno' })
    return true
  } catch {
    return false
  }
}

export interface LeftOutNames { why: string; names: string[] }

/** What writing a file's days needs once its definitions are written: the writer of one day, and the names left out. */
export interface DayWriter { write(day: FoundDay): Promise<void>; leftOut: LeftOutNames[] }

/**
 * Writes the definitions the mapping makes of what `found` names, and returns the writer of its days (handed the
 * collected days in date order, or each day as a streaming read completes it: job.ts).
 */
export async function writeDefinitions(found: Found, mapping: Mapping, mine: readonly TrackerRow[], sink: ImportSink, pause: Pause): Promise<DayWriter> {
  const existing = new Map(mine.map((row) => [row.nameKey, row]))
  const trackers = new Map<string, Target>()
  const activities = new Map<string, Target>()
  const badNames: string[] = []
  const targetOf = (map: Map<string, Target>, name: string, kind?: TrackerRow['kind']) => {
    const key = nameKey(name)
    let found = map.get(key)
    if (!found) map.set(key, (found = { id: map.size + 1, name, kind }))
    return found
  }
  /** source name → target, per part of the mapping */
  const activityTo = new Map<string, { kind: 'activity' | 'yesno'; target: Target }>()
  for (const [name, to] of mapping.activities) {
    if (to.to === 'ignore') continue
    const kind = to.to === 'activity' ? 'activity' : 'tracker'
    if (!validName(kind, to.name)) { badNames.push(to.name); continue }
    activityTo.set(name, { kind: to.to, target: to.to === 'activity' ? targetOf(activities, to.name) : targetOf(trackers, to.name, 'yesno') })
  }
  const scaleTo = new Map<string, Target>()
  for (const [name, to] of mapping.scales) {
    if (to.to === 'ignore') continue
    if (!validName('tracker', to.name)) { badNames.push(to.name); continue }
    scaleTo.set(name, targetOf(trackers, to.name, 'number'))
  }
  const habitTo = new Map<string, Target>()
  for (const [name, to] of mapping.habits) {
    if (to.to === 'ignore' || found.habitsLeftOut.has(name)) continue
    if (!validName('tracker', to.name)) { badNames.push(to.name); continue }
    habitTo.set(name, targetOf(trackers, to.name, 'yesno'))
  }

  // a new tracker's decimals: the most of the values of every scale mapped to it
  const decimals = new Map<string, number>()
  for (const [name, to] of mapping.scales) {
    if (to.to === 'tracker') decimals.set(nameKey(to.name), Math.max(decimals.get(nameKey(to.name)) ?? 0, found.scaleDecimals.get(name) ?? 0))
  }
  const now = found.earliest ?? 0
  for (const target of trackers.values()) {
    const key = nameKey(target.name)
    const theirs = existing.get(key)
    // a tracker of the person's of that name is filled as it is (OwnTrackers reuses it, checking each value)
    const kind = theirs?.kind ?? target.kind!
    const columns = theirs
      ? { min: theirs.min, max: theirs.max, minLabel: theirs.minLabel, maxLabel: theirs.maxLabel, unit: theirs.unit, decimals: theirs.decimals }
      : kindColumns(kind, kind === 'number' ? { decimals: decimals.get(key) ?? 0 } : {})
    await sink.tracker({ id: target.id, name: target.name, nameKey: key, kind, emoji: null, ...columns, archived: false, createdAt: now, updatedAt: now })
  }
  for (const target of activities.values()) {
    const group = [...activityTo].find(([, to]) => to.target === target)?.[0]
    await sink.activity({
      id: target.id, name: target.name, nameKey: nameKey(target.name), groupName: (group && found.activityGroups.get(group)?.slice(0, 40)) ?? null,
      archived: false, createdAt: now, updatedAt: now,
    })
  }
  await pause()

  const yesnoActivities = [...activityTo].filter(([, to]) => to.kind === 'yesno')
  const write = async (day: FoundDay) => {
    const values = {} as Record<TrackerProp, number | null>
    for (const t of TRACKERS) values[t.prop] = null
    values.mood = day.mood === null ? null : mapping.moods.get(day.mood) ?? null
    const own = new Map<number, number | null>()
    const marked: number[] = []
    for (const name of day.activities) {
      const to = activityTo.get(name)
      if (to?.kind === 'activity') marked.push(to.target.id)
    }
    // a yes/no tracker made of activities: yes when any of its activities is there that day
    for (const [name, to] of yesnoActivities) if (own.get(to.target.id) !== 1) own.set(to.target.id, day.activities.includes(name) ? 1 : 0)
    for (const [name, value] of day.scales) {
      const target = scaleTo.get(name)
      if (target) own.set(target.id, value)
    }
    for (const [name, done] of day.habits) {
      const target = habitTo.get(name)
      if (target && own.get(target.id) !== 1) own.set(target.id, done)
    }
    const note = joinedNote(day)
    // a day of only what the mapping ignores (or moods left out) is not written: an empty entry says nothing
    if (values.mood === null && own.size === 0 && marked.length === 0 && note === null) return
    const dayOwn: OwnDay = { values: own, activities: marked, ...(note !== null && { note }) }
    await sink.checkIn({ date: day.date, values, createdAt: day.first, updatedAt: day.last, own: dayOwn })
  }
  return { write, leftOut: badNames.length > 0 ? [{ why: 'a name longer than a tracker or activity may have', names: badNames }] : [] }
}
