/**
 * The import's limits (README "Import"): what an uploaded export archive may hold before anything is unpacked
 * further. Each is checked against the central directory first and again while inflating, so a header that lies
 * about a size cannot make the reader allocate more than the limit.
 */
import { MULTIPART_BODY_LIMIT } from '../../lib/http/body'
import { MAX_IMAGE_BYTES } from '../clipboard/model'
import { LIBRARIES, LIBRARY_FIELDS, TAG_MAX, TAGS_MAX, URL_MAX, isLibraryName, type FieldDef } from '../libraries/fields'
import { PROFILE_IMAGE_MAX_BYTES } from '../users/model'
import { DAY_SPORTS_MAX, NOTE_MAX } from '../check-in/model'
import { MAX_ACTIVITIES, MAX_SPORTS, MAX_TRACKERS } from '../trackers/model'

const MiB = 1024 * 1024

/** The longest text the API accepts anywhere: a clipboard text, a note's content or a quote (code points). */
const LONGEST_VALUE = 65535
/**
 * What one code point can take once written: 4 bytes of UTF-8, or 12 characters as JSON escapes (`\ud83d\ude00`).
 * Every size bound below is in these units, so it holds for bytes of a file and for characters of its text.
 */
const PER_CODE_POINT = 12
/** keys, quotes, separators, indentation, ids and timestamps of one record or one field */
const RECORD_OVERHEAD = 2048
const FIELD_OVERHEAD = 64
/** code points of an own tracker's, activity's or sport's name, unit, end word, group or emoji (each at most 50) */
const DEFINITION_TEXT = 64

/**
 * The records a manifest counts beside its features': the checkIn feature's own trackers, activities and sports
 * (`trackers`, `activities`, `sports` after its `files`), written to data.json under these keys and to these CSV
 * files. An archive made before one of them existed counts none of it.
 */
export const DEFINITION_KINDS = ['trackers', 'activities', 'sports'] as const
export type DefinitionKind = (typeof DEFINITION_KINDS)[number]
export const DEFINITION_FILES: Record<string, DefinitionKind> = { 'trackers.csv': 'trackers', 'activities.csv': 'activities', 'sports.csv': 'sports' }
/** the most of each a person can have, and so an export can hold */
export const DEFINITION_LIMITS: Record<DefinitionKind, number> = { trackers: MAX_TRACKERS, activities: MAX_ACTIVITIES, sports: MAX_SPORTS }

const fieldChars = (def: FieldDef): number => {
  switch (def.kind) {
    case 'string': return def.max
    case 'url': return URL_MAX
    case 'tags': return TAGS_MAX * (TAG_MAX + 4)
    case 'enum': return Math.max(...def.values.map((v) => v.length))
    default: return 32
  }
}

/** The most a record of a feature can take in data.json or in its CSV row, whatever the values. */
export function recordBound(feature: string): number {
  if (isLibraryName(feature)) {
    return RECORD_OVERHEAD + Object.values(LIBRARY_FIELDS[feature] as Record<string, FieldDef>)
      .reduce((sum, def) => sum + FIELD_OVERHEAD + PER_CODE_POINT * fieldChars(def), 0)
  }
  // a clipboard text; a friend's name and e-mail; the profile's settings (navigation is at most 8 KiB)
  if (feature === 'clipboard') return RECORD_OVERHEAD + PER_CODE_POINT * LONGEST_VALUE
  // a day: its note, a value of every own tracker, every activity and its sports (by id in data.json, by name in
  // check_ins.csv)
  if (feature === 'checkIn') {
    return RECORD_OVERHEAD + PER_CODE_POINT * NOTE_MAX + MAX_TRACKERS * FIELD_OVERHEAD
      + (MAX_ACTIVITIES + DAY_SPORTS_MAX) * (FIELD_OVERHEAD + PER_CODE_POINT * DEFINITION_TEXT)
  }
  // a definition: its texts (a tracker's name twice in trackers.csv: its name and its column's)
  if (feature === 'trackers') return RECORD_OVERHEAD + PER_CODE_POINT * 6 * DEFINITION_TEXT
  if (feature === 'activities' || feature === 'sports') return RECORD_OVERHEAD + PER_CODE_POINT * 2 * DEFINITION_TEXT
  if (feature === 'friends') return RECORD_OVERHEAD + PER_CODE_POINT * 1024
  if (feature === 'profile') return 2 * RECORD_OVERHEAD + PER_CODE_POINT * 16 * 1024
  return RECORD_OVERHEAD
}

export const IMPORT_LIMITS = {
  /** the uploaded file: the multipart body cap (16 MiB) */
  compressedBytes: MULTIPART_BODY_LIMIT,
  /** every entry together, uncompressed */
  totalBytes: 256 * MiB,
  entries: 20_000,
  /** data.json, the machine-readable copy the rows are read from */
  dataJsonBytes: 64 * MiB,
  /** a CSV, links.html or feeds.opml */
  textFileBytes: 32 * MiB,
  /** manifest.json, profile.json, one note */
  smallFileBytes: 1 * MiB,
  clipboardImageBytes: MAX_IMAGE_BYTES,
  profileImageBytes: PROFILE_IMAGE_MAX_BYTES,
  /** deflate input is fed in slices this big, so one step inflates at most ~1032× that */
  inflateSliceBytes: 4096,
  /** what data.json's reader lets grow before it is refused (data-json.ts) */
  dataJson: {
    stringChars: PER_CODE_POINT * LONGEST_VALUE,
    recordChars: Math.max(...[...LIBRARIES, 'clipboard', 'friends', 'profile', 'checkIn', ...DEFINITION_KINDS].map(recordBound)),
    /** between two records: separators, indentation, the document's head, the profile's plain fields */
    gapChars: 64 * 1024,
  },
  /** a CSV field, in characters: the longest value with every character a doubled quote or half a pair */
  csvFieldChars: 4 * LONGEST_VALUE,
} as const

/** A feature as the manifest lists it (checkIn with the counts of its definitions). */
export interface ManifestFeature { name: string; count: number; files: string[]; trackers?: number; activities?: number; sports?: number }

/** Every kind of record the manifest counts, with its count: each feature's, and the check-ins' definitions. */
export function countedKinds(features: readonly ManifestFeature[]): Map<string, number> {
  const counted = new Map<string, number>()
  for (const feature of features) {
    if (feature.name === 'checkIn') for (const kind of DEFINITION_KINDS) counted.set(kind, feature[kind] ?? 0)
    counted.set(feature.name, feature.count)
  }
  return counted
}

/** The kind of the records in one file a feature lists, and how many the manifest counts. */
export function fileRecords(feature: ManifestFeature, file: string): { kind: string; count: number } {
  const kind = feature.name === 'checkIn' ? DEFINITION_FILES[file] : undefined
  return kind ? { kind, count: feature[kind] ?? 0 } : { kind: feature.name, count: feature.count }
}

/**
 * The largest size a file of the archive can honestly have, from its manifest's counts: data.json holds every
 * feature's records, a feature's CSV (or links.html, feeds.opml) its own. A larger declared size is refused from
 * the central directory, before a byte of it is inflated.
 */
export function declaredSizeBound(file: string, features: ManifestFeature[]): number {
  const head = 64 * 1024
  if (file === 'data.json') return [...countedKinds(features)].reduce((sum, [kind, count]) => sum + (kind === 'profile' ? 1 : count) * recordBound(kind), head)
  const owner = features.find((f) => f.files.includes(file))
  if (!owner) return head
  const { kind, count } = fileRecords(owner, file)
  return head + count * recordBound(kind)
}

/** The cap of one entry, by its name relative to the export folder. */
export function entryCap(name: string): number {
  if (name === 'data.json') return IMPORT_LIMITS.dataJsonBytes
  if (name === 'manifest.json' || name === 'profile.json' || name.startsWith('notes/')) return IMPORT_LIMITS.smallFileBytes
  if (name.startsWith('clipboard/')) return IMPORT_LIMITS.clipboardImageBytes
  if (name.startsWith('profile_image.')) return IMPORT_LIMITS.profileImageBytes
  return IMPORT_LIMITS.textFileBytes
}
