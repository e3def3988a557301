/**
 * Backup archive names and places. Names are `daybook-backup-YYYYMMDDTHHMMSSZ.zip` (UTC creation time; `-2`, `-3`…
 * when two are made within one second, never a suffix used before), so sorting names sorts by age. A name from a
 * request is only ever checked against this pattern and joined to BACKUP_DIR; it is never a path.
 */
import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../../config'

export const BACKUP_NAME_PATTERN = '^daybook-backup-[0-9]{8}T[0-9]{6}Z(-[1-9][0-9]{0,3})?\\.zip$'
const BACKUP_NAME = new RegExp(BACKUP_NAME_PATTERN)
/** The pattern's largest collision suffix (four digits). */
const MAX_SUFFIX = 9999

export function isBackupFileName(name: string): boolean {
  return BACKUP_NAME.test(name)
}

/** `20260624T030000Z` for a time in ms. */
export function compactUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
}

/** Creation time encoded in a backup's name (ms), or undefined for any other name. */
export function timeOfBackupName(name: string): number | undefined {
  const m = /^daybook-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name)
  if (!m || !isBackupFileName(name)) return undefined
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)
  return Number.isNaN(ms) ? undefined : ms
}

/** The collision suffix of a backup name: 1 for `….zip`, N for `…-N.zip`. */
function suffixOf(name: string): number {
  return Number(/Z-(\d+)\.zip$/.exec(name)?.[1] ?? 1)
}

/** Sorts names oldest first: by the time in the name, then by the collision suffix. */
export function compareBackupNames(a: string, b: string): number {
  return (timeOfBackupName(a) ?? 0) - (timeOfBackupName(b) ?? 0) || suffixOf(a) - suffixOf(b)
}

/** What every name of a backup made at `now` starts with: `daybook-backup-20260624T030000Z`. */
export function backupNameStem(now: number): string {
  return `daybook-backup-${compactUtc(now)}`
}

/**
 * A name for a backup made at `now` that was never used: its suffix is above every one of that second already
 * taken, by a file in `dir` (an archive or the part of one) or by an earlier run (`used`: the names backup_runs
 * recorded). A name that retention has just freed is never handed out again: it would sort as the oldest, and
 * the next retention would delete it, or a run's recorded file would name another run's archive.
 */
export async function freshBackupName(dir: string, now: number, used: Iterable<string>): Promise<string> {
  const base = backupNameStem(now)
  const inDir = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[]
    throw err
  })
  let highest = 0
  for (const name of [...inDir.map((n) => n.replace(/\.(db\.)?part$/, '')), ...used]) {
    if (isBackupFileName(name) && (name === `${base}.zip` || name.startsWith(`${base}-`))) highest = Math.max(highest, suffixOf(name))
  }
  const next = highest + 1
  if (next > MAX_SUFFIX) throw new Error('no free backup name for this second')
  return next === 1 ? `${base}.zip` : `${base}-${next}.zip`
}

/** The file of a backup in BACKUP_DIR; `name` must already have passed isBackupFileName. */
export function backupPath(config: Pick<Config, 'backupDir'>, name: string): string {
  if (!isBackupFileName(name)) throw new Error('not a backup name')
  return join(config.backupDir, name)
}

/** The temp name an archive is written under before the rename (never matches the name pattern). */
export function partPathFor(target: string): string {
  return `${target}.part`
}

export interface LocalBackup { name: string; size: number; createdAt: number }

/**
 * The archives in BACKUP_DIR, oldest first: regular files with a backup name only. `lstat`: a link with a backup's
 * name (it could point at the live database) is not a backup, so it is never listed, served, pruned or deleted.
 */
export async function listLocalBackups(config: Pick<Config, 'backupDir'>): Promise<LocalBackup[]> {
  const names = await readdir(config.backupDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[]
    throw err
  })
  const found: LocalBackup[] = []
  for (const name of names.filter(isBackupFileName).sort(compareBackupNames)) {
    const info = await lstat(join(config.backupDir, name)).catch(() => undefined)
    if (info?.isFile()) found.push({ name, size: info.size, createdAt: timeOfBackupName(name)! })
  }
  return found
}

/** Where `serve` records its pid, and `restore` looks for it. */
export function serveLockPath(dataDir: string): string {
  return join(dataDir, 'serve.lock')
}

/** Held by whoever is writing a backup of this data folder (server or CLI). */
export function backupLockPath(dataDir: string): string {
  return join(dataDir, 'backup.lock')
}
