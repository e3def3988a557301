/**
 * Reads an uploaded export archive (README "Import") and checks everything before the job writes anything: the
 * ZIP within its limits (zip-reader.ts), the manifest's format and version, that every entry is one the manifest
 * lists and no larger than its counts can need, each CSV's shape, the text files' encoding, each image's bytes,
 * and every record of data.json through the API's own rules (records.ts, profile-settings.ts). The first problem
 * refuses the whole archive with a 422 that names it.
 *
 * It streams: data.json and the CSVs are inflated piece by piece and never held whole, each record goes to the
 * sink as soon as it is valid and is then dropped, and the walk yields to the event loop every few milliseconds
 * (`pause`). The request runs it with a sink that keeps nothing; the job with one that writes (apply.ts).
 */
import type { ImageInfo } from '../../lib/images'
import type { Pause } from '../../lib/time-slice'
import { checkImageBytes } from '../clipboard/image-entry'
import { LIBRARIES, isLibraryName } from '../libraries/fields'
import { checkProfileImageBytes } from '../users/profile-image'
import {
  countedKinds, declaredSizeBound, DEFINITION_KINDS, DEFINITION_LIMITS, entryCap, fileRecords, IMPORT_LIMITS, type ManifestFeature,
} from './limits'
import { CsvError, CsvShape } from './csv'
import { readDataJson } from './data-json'
import { checked, isObject, refuse } from './refusal'
import { profileSettings, type SettingsColumns } from './profile-settings'
import {
  activityRecord, ArchiveDefinitions, checkInRecord, clipboardRecord, invalid, itemRecord, objectRecord, sportRecord, trackerRecord, type ActivityRecord,
  type CheckInRecord, type ClipboardRecord, type ItemRecord, type SportRecord, type TrackerRecord,
} from './records'
import { formatBytes, ZipArchive } from './zip-reader'

export const FORMAT = 'daybook-export'
export const FORMAT_VERSION = 1

/** What an archive can hold, by feature name (the export's features). */
export const IMPORT_KINDS = ['checkIn', 'clipboard', ...LIBRARIES, 'friends', 'profile'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number] | 'settings' | 'profileImage'

export type Image = { bytes: Uint8Array; info: ImageInfo }

/**
 * Where the valid records go, one at a time and in archive order (own trackers, activities and sports before the
 * check-ins that name them); the profile comes after every record.
 */
export interface ImportSink {
  tracker(record: TrackerRecord): void | Promise<void>
  activity(record: ActivityRecord): void | Promise<void>
  sport(record: SportRecord): void | Promise<void>
  checkIn(record: CheckInRecord): void | Promise<void>
  clipboard(record: ClipboardRecord): void | Promise<void>
  item(record: ItemRecord): void | Promise<void>
  profile(settings: SettingsColumns, image: Image | undefined): void | Promise<void>
  /** how far through data.json the walk is, 0–1 */
  progress?(fraction: number): void
}

export interface ArchiveSummary {
  /** the feature names of the archive, in manifest order */
  features: string[]
  /** records deliberately not imported, per kind, with why */
  refused: Partial<Record<ImportKind | 'trackers' | 'activities', { count: number; why: string[] }>>
}

/** The request's sink: the archive is checked, nothing is kept. */
export const CHECK_ONLY: ImportSink = { tracker() {}, activity() {}, sport() {}, checkIn() {}, clipboard() {}, item() {}, profile() {} }

const NOT_EXPORT = 'The file is not a daybook export: it has no export_{id}/manifest.json.'
const TOP = /^export_[1-9][0-9]{0,15}\/$/

function text(zip: ZipArchive, top: string, name: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(zip.read(top + name))
  } catch (err) {
    if (err instanceof TypeError) return refuse(`The archive entry "${name}" is not UTF-8 text.`)
    throw err
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

/** A large entry's text, part by part, with a pause between parts. */
async function eachText(zip: ZipArchive, top: string, name: string, pause: Pause, use: (text: string) => void): Promise<void> {
  for (const part of zip.textParts(top + name)) {
    use(part)
    await pause()
  }
}

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
  // The check-ins' own trackers, activities and sports: at most what one person can have (older exports count none).
  const checkIn = list.find((f) => f.name === 'checkIn')
  for (const kind of DEFINITION_KINDS) {
    const count = checkIn?.[kind]
    if (count === undefined) continue
    if (!Number.isSafeInteger(count) || count < 0) refuse('manifest.json does not list the features as an export does.')
    if (count > DEFINITION_LIMITS[kind]) refuse(`manifest.json counts ${count} ${kind}, more than the ${DEFINITION_LIMITS[kind]} one person can have.`)
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

/**
 * Sizes follow the data: data.json, a CSV, links.html or feeds.opml declared larger than the manifest's counts
 * could need (limits.ts), and more note files than notes, are refused before anything is inflated.
 */
function checkDeclaredSizes(zip: ZipArchive, top: string, features: ManifestFeature[]): void {
  for (const [full, entry] of zip.entries) {
    const name = full.slice(top.length)
    if (name.startsWith('notes/') || name.startsWith('clipboard/') || name.startsWith('profile_image.') || name === 'manifest.json' || name === 'profile.json') continue
    const bound = declaredSizeBound(name, features)
    if (entry.size > bound) refuse(`The archive entry "${name}" is larger than the records its manifest counts can be (${formatBytes(bound)}).`)
  }
  const notes = [...zip.entries.keys()].filter((name) => name.startsWith(`${top}notes/`)).length
  if (notes > (features.find((f) => f.name === 'notes')?.count ?? 0)) refuse('The archive holds more note files than its manifest counts notes.')
}

/** CSVs: the export's dialect, one row per record; the other text files: UTF-8. */
async function checkTextFiles(zip: ZipArchive, top: string, features: ManifestFeature[], pause: Pause): Promise<void> {
  for (const feature of features) {
    for (const file of feature.files) {
      if (file.endsWith('.csv')) {
        const shape = new CsvShape(IMPORT_LIMITS.csvFieldChars)
        let rows: number
        try {
          await eachText(zip, top, file, pause, (piece) => shape.push(piece))
          rows = shape.end()
        } catch (err) {
          if (err instanceof CsvError) refuse(`${file} is not a valid CSV file: ${err.message}.`)
          throw err
        }
        const { count } = fileRecords(feature, file)
        if (rows - 1 !== count) refuse(`${file} holds ${rows - 1} rows but the manifest counts ${count}.`)
      } else if (file.endsWith('.html') || file.endsWith('.opml') || file.endsWith('.json')) {
        await eachText(zip, top, file, pause, () => {})
      } else if (file === 'notes/') {
        for (const name of zip.entries.keys()) {
          if (!name.startsWith(`${top}notes/`)) continue
          text(zip, top, name.slice(top.length))
          await pause()
        }
      }
    }
  }
}

/** data.json's records, checked one at a time and handed to the sink; then its head and counts. */
async function readRecords(zip: ZipArchive, top: string, features: ManifestFeature[], sink: ImportSink, pause: Pause, summary: ArchiveSummary): Promise<void> {
  const counted = countedKinds(features)
  const seen = new Map<string, number>()
  const dates = new Set<string>()
  const definitions = new ArchiveDefinitions()
  const usedImages = new Set<string>()
  const profile: Record<string, unknown> = {}
  const size = Math.max(1, zip.entries.get(`${top}data.json`)!.size)
  let read = 0
  const parts = function* () {
    for (const part of zip.textParts(`${top}data.json`)) {
      read += part.length
      sink.progress?.(read / size)
      yield part
    }
  }
  const head = await readDataJson(parts(), pause, async ({ feature, key, value }) => {
    const expected = counted.get(feature)
    if (expected === undefined) return // a feature the manifest does not list is not imported
    // the profile is one object (a field at a time here), every other feature a list of records
    if ((feature === 'profile') !== (typeof key === 'string')) refuse(`data.json does not hold the ${expected} ${feature} records its manifest counts.`)
    if (feature === 'profile') {
      profile[key] = value
      return
    }
    const n = (seen.get(feature) ?? 0) + 1
    seen.set(feature, n)
    if (n > expected) refuse(`data.json does not hold the ${expected} ${feature} records its manifest counts.`)
    const where = `${feature} ${n}`
    if (feature === 'trackers') await sink.tracker(trackerRecord(value, where, definitions))
    else if (feature === 'activities') await sink.activity(activityRecord(value, where, definitions))
    else if (feature === 'sports') await sink.sport(sportRecord(value, where, definitions))
    else if (feature === 'checkIn') await sink.checkIn(checkInRecord(value, where, dates, definitions))
    else if (feature === 'clipboard') {
      const record = objectRecord(value, where)
      const entry = clipboardRecord(record, where)
      if (entry.type === 'image') {
        const file = record.export_file
        if (file === null) {
          const refused = (summary.refused.clipboard ??= { count: 0, why: [] })
          refused.count += 1
          const why = 'an image whose file was missing when the archive was made'
          if (!refused.why.includes(why)) refused.why.push(why)
          return
        }
        if (typeof file !== 'string' || !/^clipboard\/[^/]+$/.test(file) || !zip.entries.has(top + file) || usedImages.has(file)) {
          return invalid(where, 'its export_file is not an image of the archive.')
        }
        usedImages.add(file)
        const bytes = zip.read(top + file)
        entry.image = { bytes, info: checked(`${where} (${file})`, () => checkImageBytes(bytes)) }
      }
      await sink.clipboard(entry)
    } else if (isLibraryName(feature)) await sink.item(itemRecord(feature, value, where))
  })
  if (head.format !== FORMAT || head.formatVersion !== FORMAT_VERSION) refuse('data.json is not the data of a daybook export of format version 1.')
  // A feature without records may be missing from `data`: there is nothing of it to import either way.
  for (const [kind, count] of counted) {
    const whole = kind === 'profile' ? Object.keys(profile).length > 0 : (seen.get(kind) ?? 0) === count
    if (!whole) refuse(`data.json does not hold the ${count} ${kind} records its manifest counts.`)
  }
  const profileFeature = features.find((f) => f.name === 'profile')
  if (profileFeature) {
    const settings = profileSettings(profile)
    const file = profileFeature.files.find((name) => /^profile_image\.(jpg|png|gif|webp)$/.test(name))
    let image: Image | undefined
    if (file) {
      const bytes = zip.read(top + file)
      image = { bytes, info: checked(`profile image (${file})`, () => checkProfileImageBytes(bytes)) }
    }
    await sink.profile(settings, image)
  }
}

/** Checks the whole archive, handing its records to `sink`; throws ArchiveRefused (422) on the first problem. */
export async function readImportArchive(bytes: Uint8Array, sink: ImportSink, pause: Pause): Promise<ArchiveSummary> {
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
  checkDeclaredSizes(zip, top, features)
  await pause()
  await checkTextFiles(zip, top, features, pause)

  const summary: ArchiveSummary = { features: features.map((f) => f.name), refused: {} }
  const friends = features.find((f) => f.name === 'friends')
  if (friends && friends.count > 0) summary.refused.friends = { count: friends.count, why: ['friends are never imported (a friendship needs the other person)'] }
  await readRecords(zip, top, features, sink, pause, summary)
  return summary
}
