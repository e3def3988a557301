/**
 * One record of data.json at a time, through the same rule chains the API applies to what it writes (check-ins,
 * clipboard texts, library fields), into what the job writes. The first problem refuses the archive, naming the
 * record (`checkIn 3`). Timestamps must be ones the database and the item ids can hold: from 1970 on.
 */
import { throwIfErrors, validate, type Schema } from '../../lib/validation'
import type { FieldErrors } from '../../lib/errors'
import type { ImageInfo } from '../../lib/images'
import { DAY_SPORTS_MAX, UpsertCheckIn } from '../check-in/model'
import { checkedIds, checkedValues, idIn, type ValueRule } from '../check-in/extras'
import { TRACKERS, type TrackerProp } from '../check-in/trackers'
import { CreateActivityBody, CreateSportBody, CreateTrackerBody, MAX_ACTIVITIES } from '../trackers/model'
import { BUILTIN_SPORT_CODES, isBuiltinSport } from '../trackers/sports'
import { kindColumns, type KindColumns } from '../trackers/kinds'
import { nameKey } from '../trackers/names'
import type { TrackerRow } from '../trackers/schema'
import { CreateTextBody } from '../clipboard/model'
import { LIBRARY_FIELDS, withDefaults, type FieldDef, type ItemData, type LibraryName } from '../libraries/fields'
import { storedFieldRule } from '../libraries/field-rules'
import { checked, isObject, refuse } from './refusal'

/**
 * What a day of the archive says beyond the twelve, by the archive's ids (undefined: the archive says nothing,
 * as one made before own trackers or several sports a day existed): its values, its activities, its note, and its
 * sports (`sport_ids`, the day's `sports` first) — or why its `sport_ids` cannot go over.
 */
export interface OwnDay {
  values?: ReadonlyMap<number, number | null>
  activities?: readonly number[]
  note?: string | null
  sports?: readonly number[]
  sportsLeftOut?: string
}
export interface CheckInRecord { date: string; values: Record<TrackerProp, number | null>; createdAt: number; updatedAt: number; own: OwnDay }
/** An own tracker of the archive (`id` is the archive's); `shared` is never carried over (README "Import"). */
export interface TrackerRecord extends KindColumns {
  id: number; name: string; nameKey: string; kind: TrackerRow['kind']; emoji: string | null; archived: boolean; createdAt: number; updatedAt: number
}
export interface ActivityRecord { id: number; name: string; nameKey: string; groupName: string | null; archived: boolean; createdAt: number; updatedAt: number }
export interface SportRecord { id: number; name: string; nameKey: string; emoji: string | null; archived: boolean; createdAt: number; updatedAt: number }

/**
 * The archive's own trackers, activities and sports as read so far (data.json lists them before the check-ins):
 * every id a day names must be one of them, every value must fit its tracker there, and ids and names are unique
 * as one person's are.
 */
export class ArchiveDefinitions {
  readonly trackers = new Map<number, ValueRule>()
  readonly activities = new Set<number>()
  /** what a day's `sport_ids` may hold: the built-in sport codes and the archive's own sports */
  readonly sports = new Set<number>(BUILTIN_SPORT_CODES)
  readonly names = { trackers: new Set<string>(), activities: new Set<string>(), sports: new Set<string>() }

  /** Refuses an id or a name (any case) that came before; records both. */
  add(kind: 'trackers' | 'activities' | 'sports', id: number, name: string, where: string): string {
    const key = nameKey(name)
    if (this[kind].has(id)) invalid(where, `the id ${id} appears twice.`)
    if (this.names[kind].has(key)) invalid(where, `the name ${name} appears twice.`)
    this.names[kind].add(key)
    return key
  }
}
export interface ClipboardRecord {
  type: 'text' | 'image'
  content: string
  image?: { bytes: Uint8Array; info: ImageInfo }
  createdAt: number
  updatedAt: number
}
export interface ItemRecord { library: LibraryName; data: ItemData; dedupeKey: string | null; createdAt: number; updatedAt: number }

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

export const invalid = (where: string, why: string): never => refuse(`Invalid value in data.json, ${where}: ${why}`)

function timestamp(value: unknown, where: string, key: string): number {
  const label = key.replace('_', ' ')
  if (typeof value !== 'string' || !ISO_TIMESTAMP.test(value) || !Number.isFinite(Date.parse(value))) return invalid(where, `The ${label} field must be a valid timestamp.`)
  const ms = Date.parse(value)
  return ms >= 0 ? ms : invalid(where, `The ${label} field must not be before 1970.`)
}

const times = (record: Record<string, unknown>, where: string) =>
  ({ createdAt: timestamp(record.created_at, where, 'created_at'), updatedAt: timestamp(record.updated_at, where, 'updated_at') })

export function objectRecord(record: unknown, where: string): Record<string, unknown> {
  return isObject(record) ? record : invalid(where, 'not an object.')
}

/**
 * `dates` holds the dates seen so far in the archive: one check-in per date. Its own values and activities are
 * checked as the check-in endpoint checks them, against the archive's definitions (archived ones included: their
 * values are kept data), with the endpoint's messages; an export holds at most 200 activities a day.
 */
export function checkInRecord(value: unknown, where: string, dates: Set<string>, definitions: ArchiveDefinitions): CheckInRecord {
  // A day's sport_ids are checked on their own (daySports): what does not fit is left out, never the archive refused.
  const { sport_ids: sportIds, ...record } = objectRecord(value, where)
  const input = checked(where, () => UpsertCheckIn.validate(record))
  const date = input.date
  if (dates.has(date)) invalid(where, `the date ${date} appears twice.`)
  dates.add(date)
  const values = {} as Record<TrackerProp, number | null>
  for (const t of TRACKERS) values[t.prop] = input[t.key] ?? null
  const errors: FieldErrors = {}
  const own: OwnDay = {}
  if (input.values !== undefined) own.values = input.values === null ? new Map() : checkedValues(definitions.trackers, input.values, errors)
  if (input.activities !== undefined) {
    if (input.activities !== null && input.activities.length > MAX_ACTIVITIES) invalid(where, `The activities field must not have more than ${MAX_ACTIVITIES} items.`)
    own.activities = input.activities === null ? [] : checkedIds(definitions.activities, input.activities, 'activities', errors)
  }
  if (input.note !== undefined) own.note = input.note
  checked(where, () => throwIfErrors(errors))
  if (sportIds !== undefined) {
    const sports = daySports(sportIds, values.sports, definitions)
    if (typeof sports === 'string') own.sportsLeftOut = sports
    else own.sports = sports
  }
  return { date, values, ...times(record, where), own }
}

/**
 * A day's `sport_ids` in the archive's ids, or why they cannot go over: the check-in endpoint's rule
 * (docs/api/check-in.md §6) — at most 12 built-in codes and sports of the archive, the first built-in one being the
 * day's `sports` — with its messages. An export always writes such a list; one that is not is left out with why
 * (the day then goes over as an archive without sport_ids would), so a damaged list costs that day's further sports,
 * not the import.
 */
function daySports(raw: unknown, sports: number | null, definitions: ArchiveDefinitions): number[] | string {
  const list = raw === null ? [] : raw
  if (!Array.isArray(list)) return 'The sport_ids field must be an array.'
  if (list.length > DAY_SPORTS_MAX) return `The sport_ids field must not have more than ${DAY_SPORTS_MAX} items.`
  const errors: FieldErrors = {}
  const ids = checkedIds(definitions.sports, list, 'sport_ids', errors)
  const [problem] = Object.values(errors).flat()
  if (problem !== undefined) return problem
  return (ids.find(isBuiltinSport) ?? null) === sports ? ids : 'The sports field must be the first built-in sport of sport ids.'
}

/** An own tracker of the archive, through the tracker endpoint's rules (its kind's fields as a create takes them). */
export function trackerRecord(value: unknown, where: string, definitions: ArchiveDefinitions): TrackerRecord {
  const record = objectRecord(value, where)
  const id = idIn(record.id) ?? invalid(where, 'The id field must be a positive integer.')
  const input = checked(where, () => CreateTrackerBody.validate(record))
  const columns = checked(where, () => kindColumns(input.kind, {
    min: input.min, max: input.max, minLabel: input.min_label, maxLabel: input.max_label, unit: input.unit, decimals: input.decimals,
  }))
  const key = definitions.add('trackers', id, input.name, where)
  definitions.trackers.set(id, { id, kind: input.kind, ...columns })
  return { id, name: input.name, nameKey: key, kind: input.kind, emoji: input.emoji ?? null, ...columns, archived: input.archived ?? false, ...times(record, where) }
}

/** An activity of the archive, through the activity endpoint's rules. */
export function activityRecord(value: unknown, where: string, definitions: ArchiveDefinitions): ActivityRecord {
  const record = objectRecord(value, where)
  const id = idIn(record.id) ?? invalid(where, 'The id field must be a positive integer.')
  const input = checked(where, () => CreateActivityBody.validate(record))
  const key = definitions.add('activities', id, input.name, where)
  definitions.activities.add(id)
  return { id, name: input.name, nameKey: key, groupName: input.group ?? null, archived: input.archived ?? false, ...times(record, where) }
}

/** One's own sport of the archive, through the sport endpoint's rules; its id is never a built-in sport's code. */
export function sportRecord(value: unknown, where: string, definitions: ArchiveDefinitions): SportRecord {
  const record = objectRecord(value, where)
  const id = idIn(record.id) ?? invalid(where, 'The id field must be a positive integer.')
  if (isBuiltinSport(id)) invalid(where, 'The id field must not be a built-in sport\'s code (1 to 6).')
  const input = checked(where, () => CreateSportBody.validate(record))
  const key = definitions.add('sports', id, input.name, where)
  definitions.sports.add(id)
  return { id, name: input.name, nameKey: key, emoji: input.emoji ?? null, archived: input.archived ?? false, ...times(record, where) }
}

/** A clipboard text, or an image record's type and times (its file is the caller's). */
export function clipboardRecord(record: Record<string, unknown>, where: string): ClipboardRecord {
  const at = times(record, where)
  if (record.type === 'text') {
    const { content } = checked(where, () => CreateTextBody.validate({ content: record.content }))
    return { type: 'text', content, ...at }
  }
  if (record.type !== 'image') invalid(where, 'The selected type is invalid.')
  return { type: 'image', content: '', ...at }
}

const itemSchemas = new Map<LibraryName, Schema>()
function itemSchema(library: LibraryName): Schema {
  let schema = itemSchemas.get(library)
  if (!schema) {
    schema = {}
    for (const [key, def] of Object.entries(LIBRARY_FIELDS[library]) as [string, FieldDef][]) schema[key] = storedFieldRule(def)
    itemSchemas.set(library, schema)
  }
  return schema
}

export function itemRecord(library: LibraryName, value: unknown, where: string): ItemRecord {
  const record = objectRecord(value, where)
  if (record.library !== library) invalid(where, `its library is not ${library}.`)
  const values = checked(where, () => validate(record, itemSchema(library)))
  const data = withDefaults(library, values)
  // The one de-duplication rule of the libraries: a feed URL once per user (the feeds rule of quick add).
  const dedupeKey = library === 'feeds' ? new URL(data.url as string).href : null
  return { library, data, dedupeKey, ...times(record, where) }
}
