/**
 * The backup manifest (`manifest.json`, the archive's last entry): what made the archive and, for every other
 * entry, its size and SHA-256. Restore trusts nothing in the archive that the manifest does not list and check.
 */
import { isSafeEntryPath } from '../../lib/zip/entry-name'

export const MANIFEST_NAME = 'manifest.json'
export const FORMAT = 'daybook-backup'
export const FORMAT_VERSION = 1
/** The database snapshot's entry name, whatever DATABASE_PATH is called. */
export const DATABASE_ENTRY = 'daybook.db'
export const APP_KEY_ENTRY = 'app.key'
/** User files keep their path below the data folder: `files/user/{user_id}/{kind}/{name}`. */
export const FILES_PREFIX = 'files/'

export interface ManifestFile { name: string; size: number; sha256: string }

export interface SchemaVersion {
  /** tag of the last migration applied to the snapshot (`0001_…`) */
  tag: string
  /** its drizzle journal time, which orders migrations */
  when: number
}

export interface Manifest {
  format: typeof FORMAT
  format_version: number
  daybook_version: string
  schema_version: SchemaVersion
  created_at: string
  files: ManifestFile[]
}

/** The longest file or folder name Linux file systems take (NAME_MAX), in bytes. */
export const MAX_NAME_PART_BYTES = 255

/** Whether a part of `name` (between slashes) is longer than a file system takes: it could never be written. */
export function hasOverlongPart(name: string): boolean {
  return name.split('/').some((part) => Buffer.byteLength(part) > MAX_NAME_PART_BYTES)
}

/**
 * Entry names restore accepts: a safe relative path (`lib/zip/entry-name.ts`: no empty, `.` or `..` segment, no
 * backslash, no control characters) of at most 1024 bytes and 255 bytes a part (with the staging folder's path it
 * stays far below PATH_MAX), and only the database, the key, the manifest or something below `files/`.
 */
export function isSafeEntryName(name: string): boolean {
  if (Buffer.byteLength(name) > 1024 || hasOverlongPart(name) || !isSafeEntryPath(name)) return false
  return name === DATABASE_ENTRY || name === APP_KEY_ENTRY || name === MANIFEST_NAME || name.startsWith(FILES_PREFIX)
}

/** A name as a message shows it: quoted, and cut after 80 characters. */
export function quotedName(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name)
}

/** Why a manifest is unusable; restore stops before anything is written. */
export class BadBackupError extends Error {
  override name = 'BadBackupError'
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Parses and checks a manifest's shape; throws BadBackupError saying what is wrong. */
export function parseManifest(text: string): Manifest {
  let value: unknown
  try { value = JSON.parse(text) } catch { throw new BadBackupError('the manifest is not valid JSON') }
  if (!isObject(value) || value.format !== FORMAT) throw new BadBackupError('this is not a daybook backup (manifest format is not "daybook-backup")')
  if (value.format_version !== FORMAT_VERSION) {
    throw new BadBackupError(`unknown backup format version ${JSON.stringify(value.format_version)} (this daybook reads version ${FORMAT_VERSION})`)
  }
  const schema = value.schema_version
  if (!isObject(schema) || typeof schema.tag !== 'string' || !Number.isSafeInteger(schema.when)) throw new BadBackupError('the manifest has no valid schema_version')
  if (typeof value.daybook_version !== 'string' || typeof value.created_at !== 'string' || Number.isNaN(Date.parse(value.created_at))) {
    throw new BadBackupError('the manifest has no valid daybook_version or created_at')
  }
  if (!Array.isArray(value.files)) throw new BadBackupError('the manifest lists no files')
  const seen = new Set<string>()
  const files: ManifestFile[] = value.files.map((f: unknown) => {
    if (!isObject(f) || typeof f.name !== 'string' || !Number.isSafeInteger(f.size) || (f.size as number) < 0
      || typeof f.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256)) {
      throw new BadBackupError('the manifest has a malformed file entry')
    }
    if (!isSafeEntryName(f.name) || f.name === MANIFEST_NAME) throw new BadBackupError(`the manifest names an unsafe path: ${quotedName(f.name)}`)
    if (seen.has(f.name)) throw new BadBackupError(`the manifest lists ${f.name} twice`)
    seen.add(f.name)
    return { name: f.name, size: f.size as number, sha256: f.sha256 }
  })
  for (const required of [DATABASE_ENTRY, APP_KEY_ENTRY]) {
    if (!seen.has(required)) throw new BadBackupError(`the manifest does not list ${required}`)
  }
  return {
    format: FORMAT, format_version: FORMAT_VERSION, daybook_version: value.daybook_version,
    schema_version: { tag: schema.tag, when: schema.when as number }, created_at: value.created_at, files,
  }
}
