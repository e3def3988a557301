/**
 * Reads an uploaded export archive (export.md 10) into an import plan, validating everything before anything is
 * written: the ZIP within its limits (zip-reader.ts), the manifest's format and version, that every entry is one
 * the manifest lists, data.json's shape and counts, each CSV's shape, the text files' encoding, each image's
 * bytes, and every value through the same rule chains the API applies (check-ins, clipboard, library fields,
 * settings, check-in settings). The first problem refuses the whole archive with a 422 that names it.
 */
import { ValidationError } from '../../lib/errors'
import { validate, type Schema } from '../../lib/validation'
import type { ImageInfo } from '../../lib/images'
import { UpsertCheckIn } from '../check-in/model'
import { TRACKERS, type TrackerProp } from '../check-in/trackers'
import { CreateTextBody } from '../clipboard/model'
import { checkImageBytes } from '../clipboard/image-entry'
import { LIBRARIES, LIBRARY_FIELDS, isLibraryName, withDefaults, type FieldDef, type ItemData, type LibraryName } from '../libraries/fields'
import { storedFieldRule } from '../libraries/field-rules'
import { checkProfileImageBytes } from '../users/profile-image'
import { entryCap } from './limits'
import { parseCsv } from './csv'
import { checked, isObject, refuse } from './refusal'
import { profileSettings, type SettingsColumns } from './profile-settings'
import { ZipArchive } from './zip-reader'

export const FORMAT = 'daybook-export'
export const FORMAT_VERSION = 1

/** What an archive can hold, by feature name (export.md 1.1). */
export const IMPORT_KINDS = ['checkIn', 'clipboard', ...LIBRARIES, 'friends', 'profile'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number] | 'settings' | 'profileImage'

export interface CheckInRecord { date: string; values: Record<TrackerProp, number | null>; createdAt: number; updatedAt: number }
export interface ClipboardRecord {
  type: 'text' | 'image'
  content: string
  image?: { bytes: Uint8Array; info: ImageInfo }
  createdAt: number
  updatedAt: number
}
export interface ItemRecord { library: LibraryName; data: ItemData; dedupeKey: string | null; createdAt: number; updatedAt: number }

export interface ImportPlan {
  /** the feature names of the archive, in manifest order */
  features: string[]
  checkIns: CheckInRecord[]
  clipboard: ClipboardRecord[]
  items: ItemRecord[]
  settings?: SettingsColumns
  profileImage?: { bytes: Uint8Array; info: ImageInfo }
  /** records deliberately not imported, per kind, with why */
  refused: Partial<Record<ImportKind, { count: number; why: string[] }>>
  /** how many entries were read (progress) */
  entries: number
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
const NOT_EXPORT = 'The file is not a daybook export: it has no export_{id}/manifest.json.'
const TOP = /^export_[1-9][0-9]{0,15}\/$/
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

function text(zip: ZipArchive, top: string, name: string): string {
  try {
    return utf8.decode(zip.read(top + name))
  } catch (err) {
    if (err instanceof ValidationError) throw err
    return refuse(`The archive entry "${name}" is not UTF-8 text.`)
  }
}

function json(zip: ZipArchive, top: string, name: string): unknown {
  const source = text(zip, top, name)
  try {
    return JSON.parse(source)
  } catch {
    return refuse(`The archive entry "${name}" is not valid JSON.`)
  }
}

function timestamp(value: unknown, where: string, key: string): number {
  if (typeof value === 'string' && ISO_TIMESTAMP.test(value) && Number.isFinite(Date.parse(value))) return Date.parse(value)
  return refuse(`Invalid value in data.json, ${where}: The ${key.replace('_', ' ')} field must be a valid timestamp.`)
}

interface ManifestFeature { name: string; count: number; files: string[] }

function readManifest(value: unknown): ManifestFeature[] {
  if (!isObject(value) || value.format !== FORMAT) refuse('The file is not a daybook export: manifest.json is not an export manifest.')
  const manifest = value as Record<string, unknown>
  if (manifest.format_version !== FORMAT_VERSION) {
    refuse(`The export's format version ${JSON.stringify(manifest.format_version)} is not supported; this server reads version ${FORMAT_VERSION}.`)
  }
  const features = manifest.features
  const valid = Array.isArray(features) && features.every((feature) => isObject(feature) && typeof feature.name === 'string'
    && Number.isSafeInteger(feature.count) && (feature.count as number) >= 0
    && Array.isArray(feature.files) && feature.files.every((file) => typeof file === 'string'))
  if (!valid) refuse('manifest.json does not list the features as an export does.')
  const list = features as ManifestFeature[]
  const seen = new Set<string>()
  for (const { name } of list) {
    if (!(IMPORT_KINDS as readonly string[]).includes(name)) refuse(`manifest.json names an unknown feature: ${name.slice(0, 100)}.`)
    if (seen.has(name)) refuse(`manifest.json lists the feature ${name} twice.`)
    seen.add(name)
  }
  return list
}

/** Every entry must be one an export writes for the features its manifest lists. */
function checkEntries(zip: ZipArchive, top: string, features: ManifestFeature[]): void {
  const files = new Set(['manifest.json', 'data.json'])
  const folders: string[] = []
  for (const feature of features) {
    for (const file of feature.files) {
      if (file.endsWith('/')) folders.push(file)
      else files.add(file)
    }
  }
  for (const name of files) if (!zip.entries.has(top + name)) refuse(`The archive lacks ${name}, which its manifest lists.`)
  for (const full of zip.entries.keys()) {
    const name = full.slice(top.length)
    if (!files.has(name) && !folders.some((folder) => name.startsWith(folder) && !name.slice(folder.length).includes('/'))) {
      refuse(`The archive holds an entry its manifest does not list: ${JSON.stringify(name.slice(0, 200))}.`)
    }
  }
}

/** CSVs: the export's dialect, one row per record; the other text files: UTF-8. */
function checkTextFiles(zip: ZipArchive, top: string, features: ManifestFeature[]): void {
  for (const feature of features) {
    for (const file of feature.files) {
      if (file.endsWith('.csv')) {
        const rows = parseCsv(text(zip, top, file))
        if (typeof rows === 'string') refuse(`${file} is not a valid CSV file: ${rows}.`)
        if (rows.length - 1 !== feature.count) refuse(`${file} holds ${rows.length - 1} rows but the manifest counts ${feature.count}.`)
      } else if (file.endsWith('.html') || file.endsWith('.opml') || file.endsWith('.json')) {
        text(zip, top, file)
      } else if (file === 'notes/') {
        for (const name of zip.entries.keys()) if (name.startsWith(`${top}notes/`)) text(zip, top, name.slice(top.length))
      }
    }
  }
}

const TRACKER_SCHEMA = UpsertCheckIn

function checkInRecords(list: unknown[]): CheckInRecord[] {
  const dates = new Set<string>()
  return list.map((record, i) => {
    const where = `checkIn ${i + 1}`
    if (!isObject(record)) return refuse(`Invalid value in data.json, ${where}: not an object.`)
    const input = checked(where, () => TRACKER_SCHEMA.validate(record) as Record<string, unknown>)
    const date = input.date as string
    if (dates.has(date)) refuse(`Invalid value in data.json, ${where}: the date ${date} appears twice.`)
    dates.add(date)
    const values = {} as Record<TrackerProp, number | null>
    for (const t of TRACKERS) values[t.prop] = (input[t.key] as number | undefined) ?? null
    return { date, values, createdAt: timestamp(record.created_at, where, 'created_at'), updatedAt: timestamp(record.updated_at, where, 'updated_at') }
  })
}

function clipboardRecords(zip: ZipArchive, top: string, list: unknown[], plan: ImportPlan): ClipboardRecord[] {
  const out: ClipboardRecord[] = []
  const used = new Set<string>()
  list.forEach((record, i) => {
    const where = `clipboard ${i + 1}`
    if (!isObject(record)) return refuse(`Invalid value in data.json, ${where}: not an object.`)
    const createdAt = timestamp(record.created_at, where, 'created_at')
    const updatedAt = timestamp(record.updated_at, where, 'updated_at')
    if (record.type === 'text') {
      const { content } = checked(where, () => CreateTextBody.validate({ content: record.content }))
      out.push({ type: 'text', content, createdAt, updatedAt })
      return
    }
    if (record.type !== 'image') return refuse(`Invalid value in data.json, ${where}: The selected type is invalid.`)
    const file = record.export_file
    if (file === null) {
      const refused = (plan.refused.clipboard ??= { count: 0, why: [] })
      refused.count += 1
      const why = 'an image whose file was missing when the archive was made'
      if (!refused.why.includes(why)) refused.why.push(why)
      return
    }
    if (typeof file !== 'string' || !/^clipboard\/[^/]+$/.test(file) || !zip.entries.has(top + file) || used.has(file)) {
      return refuse(`Invalid value in data.json, ${where}: its export_file is not an image of the archive.`)
    }
    used.add(file)
    const bytes = zip.read(top + file)
    const info = checked(`${where} (${file})`, () => checkImageBytes(bytes))
    out.push({ type: 'image', content: '', image: { bytes, info }, createdAt, updatedAt })
  })
  return out
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

function itemRecords(library: LibraryName, list: unknown[]): ItemRecord[] {
  return list.map((record, i) => {
    const where = `${library} ${i + 1}`
    if (!isObject(record)) return refuse(`Invalid value in data.json, ${where}: not an object.`)
    if (record.library !== library) refuse(`Invalid value in data.json, ${where}: its library is not ${library}.`)
    const values = checked(where, () => validate(record, itemSchema(library)))
    const data = withDefaults(library, values)
    // The one de-duplication rule of the libraries: a feed URL once per user (quick-add.md, feeds).
    const dedupeKey = library === 'feeds' ? new URL(data.url as string).href : null
    return { library, data, dedupeKey, createdAt: timestamp(record.created_at, where, 'created_at'), updatedAt: timestamp(record.updated_at, where, 'updated_at') }
  })
}

/** Reads and validates the whole archive; throws ArchiveRefused (422) on the first problem. */
export function readImportArchive(bytes: Uint8Array): ImportPlan {
  const zip = new ZipArchive(bytes, (name) => {
    const slash = name.indexOf('/')
    if (slash < 0 || !TOP.test(name.slice(0, slash + 1))) refuse(NOT_EXPORT)
    return entryCap(name.slice(slash + 1))
  })
  const tops = new Set([...zip.entries.keys()].map((name) => name.slice(0, name.indexOf('/') + 1)))
  if (tops.size !== 1) refuse(NOT_EXPORT)
  const top = [...tops][0]!
  if (!zip.entries.has(`${top}manifest.json`)) refuse(NOT_EXPORT)
  const features = readManifest(json(zip, top, 'manifest.json'))
  checkEntries(zip, top, features)

  const doc = json(zip, top, 'data.json')
  if (!isObject(doc) || doc.format !== FORMAT || doc.format_version !== FORMAT_VERSION || !isObject(doc.data)) {
    refuse('data.json is not the data of a daybook export of format version 1.')
  }
  const data = (doc as { data: Record<string, unknown> }).data
  for (const feature of features) {
    const value = data[feature.name]
    if (feature.name === 'profile' ? !isObject(value) : !Array.isArray(value) || value.length !== feature.count) {
      refuse(`data.json does not hold the ${feature.count} ${feature.name} records its manifest counts.`)
    }
  }
  checkTextFiles(zip, top, features)

  const plan: ImportPlan = { features: features.map((f) => f.name), checkIns: [], clipboard: [], items: [], refused: {}, entries: zip.entries.size }
  for (const feature of features) {
    const value = data[feature.name]
    if (feature.name === 'checkIn') plan.checkIns = checkInRecords(value as unknown[])
    else if (feature.name === 'clipboard') plan.clipboard = clipboardRecords(zip, top, value as unknown[], plan)
    else if (isLibraryName(feature.name)) plan.items.push(...itemRecords(feature.name, value as unknown[]))
    else if (feature.name === 'friends') {
      if (feature.count > 0) plan.refused.friends = { count: feature.count, why: ['friends are never imported (a friendship needs the other person)'] }
    } else if (feature.name === 'profile') {
      plan.settings = profileSettings(value as Record<string, unknown>)
      const image = feature.files.find((file) => /^profile_image\.(jpg|png|gif|webp)$/.test(file))
      if (image) {
        const imageBytes = zip.read(top + image)
        plan.profileImage = { bytes: imageBytes, info: checked(`profile image (${image})`, () => checkProfileImageBytes(imageBytes)) }
      }
    }
  }
  return plan
}
