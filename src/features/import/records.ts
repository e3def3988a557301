/**
 * One record of data.json at a time, through the same rule chains the API applies to what it writes (check-ins,
 * clipboard texts, library fields), into what the job writes. The first problem refuses the archive, naming the
 * record (`checkIn 3`). Timestamps must be ones the database and the item ids can hold: from 1970 on.
 */
import { validate, type Schema } from '../../lib/validation'
import type { ImageInfo } from '../../lib/images'
import { UpsertCheckIn } from '../check-in/model'
import { TRACKERS, type TrackerProp } from '../check-in/trackers'
import { CreateTextBody } from '../clipboard/model'
import { LIBRARY_FIELDS, withDefaults, type FieldDef, type ItemData, type LibraryName } from '../libraries/fields'
import { storedFieldRule } from '../libraries/field-rules'
import { checked, isObject, refuse } from './refusal'

export interface CheckInRecord { date: string; values: Record<TrackerProp, number | null>; createdAt: number; updatedAt: number }
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

/** `dates` holds the dates seen so far in the archive: one check-in per date. */
export function checkInRecord(value: unknown, where: string, dates: Set<string>): CheckInRecord {
  const record = objectRecord(value, where)
  const input = checked(where, () => UpsertCheckIn.validate(record))
  const date = input.date
  if (dates.has(date)) invalid(where, `the date ${date} appears twice.`)
  dates.add(date)
  const values = {} as Record<TrackerProp, number | null>
  for (const t of TRACKERS) values[t.prop] = input[t.key] ?? null
  return { date, values, ...times(record, where) }
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
