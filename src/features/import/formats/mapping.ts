/**
 * The mapping step of an import from another app (README "Imports from other apps"): what each mood name, activity,
 * scale and habit of the file becomes. Sent as the multipart part `mapping` (JSON); whatever it leaves out takes the
 * default: a mood name's value from the file (a Daylio backup's mood groups) or Daylio's English and German default
 * names, activities as activities, scales as number trackers, habits as yes/no trackers, each of the file's name
 * (matched to one of the person's by name, whatever its case, or created).
 */
import { ValidationError } from '../../../lib/errors'
import { isObject } from '../refusal'
import type { Found } from './found'

/** Daylio's default mood names, English and German: rad … awful = 5 … 1. */
export const DEFAULT_MOODS: Record<string, number> = {
  rad: 5, good: 4, meh: 3, bad: 2, awful: 1,
  super: 5, gut: 4, ok: 3, schlecht: 2, lausig: 1,
}

export type ActivityTarget = { to: 'activity'; name: string } | { to: 'yesno'; name: string } | { to: 'ignore' }
export type TrackerTarget = { to: 'tracker'; name: string } | { to: 'ignore' }

export interface Mapping {
  /** null: the mood is left out */
  moods: Map<string, number | null>
  activities: Map<string, ActivityTarget>
  scales: Map<string, TrackerTarget>
  habits: Map<string, TrackerTarget>
}

const mappingError = (message: string): never => {
  throw new ValidationError({ mapping: [message] }, message)
}

/** The person's mapping as sent (undefined: none), checked for its shape; names it gives that the file lacks are ignored. */
export function parseMapping(raw: string | undefined): Partial<Record<keyof Mapping, Record<string, unknown>>> {
  if (raw === undefined || raw.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return mappingError('The mapping field must be a JSON object.')
  }
  if (!isObject(value)) return mappingError('The mapping field must be a JSON object.')
  for (const [key, part] of Object.entries(value)) {
    if (!['moods', 'activities', 'scales', 'habits'].includes(key)) mappingError(`The mapping has an unknown part: ${key.slice(0, 40)}.`)
    if (!isObject(part)) mappingError(`The mapping's ${key} must be an object of names.`)
  }
  return value as Partial<Record<keyof Mapping, Record<string, unknown>>>
}

function target(kind: 'activities' | 'scales' | 'habits', name: string, sent: unknown): ActivityTarget | TrackerTarget {
  const where = `The mapping of the ${kind === 'activities' ? 'activity' : kind === 'scales' ? 'scale' : 'habit'} "${name.slice(0, 50)}"`
  const allowed = kind === 'activities' ? ['activity', 'yesno', 'ignore'] : ['tracker', 'ignore']
  if (sent === undefined) return { to: kind === 'activities' ? 'activity' : 'tracker', name } as ActivityTarget | TrackerTarget
  if (!isObject(sent) || typeof sent.to !== 'string' || !allowed.includes(sent.to)) {
    return mappingError(`${where} must be {"to": ${allowed.map((a) => `"${a}"`).join(' | ')}, "name"?: text}.`)
  }
  if (sent.to === 'ignore') return { to: 'ignore' }
  if (sent.name !== undefined && (typeof sent.name !== 'string' || sent.name.trim() === '')) mappingError(`${where}: its name must be a text.`)
  return { to: sent.to, name: typeof sent.name === 'string' ? sent.name.trim() : name } as ActivityTarget | TrackerTarget
}

/**
 * Every name of the file with its target. Without `complete`, a mood name nobody gave a value stays out of `moods`
 * (the dry run shows it); with it (the real run), such a name is a 422 that lists them all, so that no mood is lost
 * unnoticed.
 */
export function resolveMapping(found: Found, sent: ReturnType<typeof parseMapping>, complete: boolean): Mapping {
  const mapping: Mapping = { moods: new Map(), activities: new Map(), scales: new Map(), habits: new Map() }
  const unmapped: string[] = []
  for (const name of found.moods.keys()) {
    const given = sent.moods?.[name]
    if (given !== undefined && given !== null && !(Number.isInteger(given) && (given as number) >= 1 && (given as number) <= 5)) {
      mappingError(`The mapping of the mood "${name.slice(0, 50)}" must be a mood value from 1 to 5, or null to leave it out.`)
    }
    const value = given !== undefined ? (given as number | null) : found.moodValues.get(name) ?? DEFAULT_MOODS[name.toLowerCase()]
    if (value === undefined) unmapped.push(name)
    else mapping.moods.set(name, value)
  }
  if (complete && unmapped.length > 0) {
    const list = unmapped.slice(0, 20).map((name) => `"${name.slice(0, 50)}"`).join(', ')
    mappingError(`The mood names ${list} need a mood value (1 to 5) in the mapping, or null to leave them out.`)
  }
  for (const name of found.activities.keys()) mapping.activities.set(name, target('activities', name, sent.activities?.[name]) as ActivityTarget)
  for (const name of found.scales.keys()) mapping.scales.set(name, target('scales', name, sent.scales?.[name]) as TrackerTarget)
  for (const name of found.habits.keys()) mapping.habits.set(name, target('habits', name, sent.habits?.[name]) as TrackerTarget)
  return mapping
}
