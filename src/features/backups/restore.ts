/**
 * `daybook restore FILE` into DATA_DIR. Everything is checked before the data folder is touched: no server holds
 * the folder, the archive's manifest, every entry (names, declared sizes against their limits and the free disk,
 * CRC-32, SHA-256, nothing unlisted), the snapshot's SQLite header, `PRAGMA integrity_check` and its schema (a
 * newer one is refused; the tables must be those its migrations make). The checked files are extracted into a
 * staging folder beside DATA_DIR; then the current folder is moved aside (`<name>.before-restore-<time>`), never
 * deleted, the staging folder takes its place, the backups folder moves over, and the database is migrated
 * forward. Whatever fails before the swap is a refusal (RestoreRefused or BadBackupError): nothing has changed.
 * When DATA_DIR is a mount point (a Docker volume), it cannot be renamed: staging and the old data then stay
 * inside it and only its contents are moved.
 */
import { existsSync, statSync } from 'node:fs'
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises'
import { basename, dirname, join, relative, sep } from 'node:path'
import { parseAppKey, type Config } from '../../config'
import { PRIVATE_DIR_MODE, prepareDataDir } from '../../data-dir'
import { acquireLockFile, type LockFile } from '../../lib/lock-file'
import type { Logger } from '../../lib/logger'
import { openDatabase } from '../../lib/db/client'
import { migrate } from '../../lib/db/migrate'
import type { CentralEntry } from '../../lib/zip/central-entries'
import { compactUtc, backupLockPath, serveLockPath } from './paths'
import {
  APP_KEY_ENTRY, BadBackupError, DATABASE_ENTRY, FILES_PREFIX, MANIFEST_NAME, parseManifest, quotedName, type Manifest, type ManifestFile,
} from './manifest'
import { ArchiveReader, entryPath } from './read-archive'
import { currentSchemaVersion, integrityCheck } from './snapshot'
import { checkSnapshotSchema, databaseHeaderCheck } from './snapshot-schema'
import { diskSpaceOf, diskSpaceRefusal } from './disk-space'
import { systemClock, type Clock } from '../../lib/clock'

const MANIFEST_LIMIT = 64 * 1024 * 1024

/** A restore that was refused; nothing in DATA_DIR has changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

export interface RestoreResult {
  /** where the previous data now is (undefined when DATA_DIR was missing or empty) */
  aside?: string
  migrations: string[]
  manifest: Manifest
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path)
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !rel.includes(`..${sep}`)
}

/**
 * What one entry may declare. The key is 65 bytes; a user file is at most 5 MiB (the largest upload), so 64 MiB
 * leaves room for kinds to come. The database has no cap but the disk's free space and its own header.
 */
const ENTRY_LIMITS: [test: (name: string) => boolean, bytes: number, what: string][] = [
  [(name) => name === APP_KEY_ENTRY, 1024, '1 KiB'],
  [(name) => name.startsWith(FILES_PREFIX), 64 * 1024 * 1024, '64 MiB'],
]

/**
 * Pairs every entry with its manifest line and checks what they declare before a byte is extracted: nothing
 * unlisted or missing, the same size in the ZIP and the manifest, each within its limit, and all of them
 * together within the free space at `staging` (10% of the disk stays free, as for a backup).
 */
async function planExtraction(reader: ArchiveReader, manifest: Manifest, staging: string): Promise<[CentralEntry, ManifestFile][]> {
  const byName = new Map(reader.entries.map((e) => [e.name, e]))
  const listed = new Set(manifest.files.map((f) => f.name))
  for (const entry of reader.entries) {
    if (entry.name !== MANIFEST_NAME && !listed.has(entry.name)) throw new BadBackupError(`entry ${quotedName(entry.name)} is not in the manifest`)
  }
  const plan = manifest.files.map((f): [CentralEntry, ManifestFile] => {
    const entry = byName.get(f.name)
    if (!entry) throw new BadBackupError(`${f.name} is listed in the manifest but missing from the archive`)
    if (entry.size !== f.size) throw new BadBackupError(`${f.name} has ${entry.size} bytes, the manifest says ${f.size}`)
    const limit = ENTRY_LIMITS.find(([test]) => test(f.name))
    if (limit && f.size > limit[1]) throw new BadBackupError(`${f.name} declares ${f.size} bytes, more than the ${limit[2]} a backup holds`)
    return [entry, f]
  })
  const needed = manifest.files.reduce((sum, f) => sum + f.size, 0)
  const refusal = diskSpaceRefusal(await diskSpaceOf(staging), needed, 'the restore')
  if (refusal) throw new BadBackupError(refusal)
  return plan
}

/** Checks the archive completely and extracts it into `staging`. */
async function verifyInto(file: string, staging: string): Promise<Manifest> {
  let reader: ArchiveReader
  try {
    reader = await ArchiveReader.open(file)
  } catch (err) {
    if (err instanceof BadBackupError) throw err
    throw new BadBackupError(`cannot read ${file}: ${(err as Error).message}`)
  }
  try {
    const manifestEntry = reader.entries.find((e) => e.name === MANIFEST_NAME)
    if (!manifestEntry) throw new BadBackupError('the archive has no manifest.json: not a daybook backup')
    const manifest = parseManifest(await reader.readText(manifestEntry, MANIFEST_LIMIT))
    const current = currentSchemaVersion()
    if (manifest.schema_version.when > current.when) {
      throw new BadBackupError(`this backup was made by a newer daybook (${manifest.daybook_version}, schema ${manifest.schema_version.tag}); `
        + `this daybook knows schema ${current.tag}: upgrade daybook, then restore`)
    }
    for (const [entry, f] of await planExtraction(reader, manifest, staging)) {
      const sha256 = await reader.extract(entry, staging, f.name === DATABASE_ENTRY ? databaseHeaderCheck(f.size) : undefined)
      if (sha256 !== f.sha256) throw new BadBackupError(`${f.name} fails its SHA-256 check`)
    }
    const dbPath = entryPath(staging, DATABASE_ENTRY)
    let integrity: string
    try { integrity = integrityCheck(dbPath) } catch (err) { throw new BadBackupError(`the database snapshot cannot be opened: ${(err as Error).message}`) }
    if (integrity !== 'ok') throw new BadBackupError(`the database snapshot fails PRAGMA integrity_check: ${integrity}`)
    checkSnapshotSchema(dbPath, manifest.schema_version)
    const key = await Bun.file(entryPath(staging, APP_KEY_ENTRY)).text()
    if (!parseAppKey(key.trim())) throw new BadBackupError('app.key in the archive is not a valid key')
    return manifest
  } finally {
    await reader.close()
  }
}

function isMountPoint(dir: string): boolean {
  return statSync(dir).dev !== statSync(dirname(dir)).dev
}

/**
 * Everything before the swap: the locks (kept in `locks` for the caller to release), the staging folder, and the
 * checked extraction into it. It changes nothing in DATA_DIR, so whatever fails here, expected or not (a full disk,
 * a permission), is a refusal, and the staging folder is removed.
 */
async function stageRestore(config: Config, file: string, exists: boolean, stamp: string, locks: LockFile[]) {
  const dataDir = config.dataDir
  let stage: string | undefined
  try {
    if (exists) {
      for (const path of [serveLockPath(dataDir), backupLockPath(dataDir)]) {
        const lock = acquireLockFile(path)
        if (!lock.ok) {
          throw new RestoreRefused(path.endsWith('serve.lock')
            ? `a daybook server (pid ${lock.pid}) is running on ${dataDir}: stop it, then restore`
            : `a backup (pid ${lock.pid}) is being written from ${dataDir}: wait for it, then restore`)
        }
        locks.push(lock.lock)
      }
    }
    const inPlace = exists && isMountPoint(dataDir)
    const folder = inPlace ? join(dataDir, `.restore-${stamp}`) : join(dirname(dataDir), `.${basename(dataDir)}.restore-${stamp}`)
    await mkdir(folder, { mode: PRIVATE_DIR_MODE })
    stage = folder
    const manifest = await verifyInto(file, stage)
    // The database goes where DATABASE_PATH says (inside DATA_DIR).
    const dbRelative = relative(dataDir, config.databasePath)
    if (dbRelative !== DATABASE_ENTRY) {
      await mkdir(dirname(join(stage, dbRelative)), { recursive: true, mode: PRIVATE_DIR_MODE })
      await rename(join(stage, DATABASE_ENTRY), join(stage, dbRelative))
    }
    return { manifest, inPlace, stage }
  } catch (err) {
    if (stage) await rm(stage, { recursive: true, force: true }).catch(() => {})
    if (err instanceof RestoreRefused || err instanceof BadBackupError) throw err
    throw new RestoreRefused(`the archive could not be checked and staged: ${err instanceof Error ? err.message : String(err)}`)
  }
}

export async function restoreBackup(config: Config, file: string, logger: Logger, clock: Clock = systemClock): Promise<RestoreResult> {
  const dataDir = config.dataDir
  if (!inside(dataDir, config.databasePath)) {
    throw new RestoreRefused(`DATABASE_PATH (${config.databasePath}) is outside DATA_DIR: restore works on a data folder that holds its database`)
  }
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`)
  const exists = existsSync(dataDir)
  const locks: LockFile[] = []
  const stamp = compactUtc(clock.now())
  let staging: string | undefined
  try {
    const { manifest, inPlace, stage } = await stageRestore(config, file, exists, stamp, locks)
    staging = stage
    logger.info('restore: archive verified', { file, entries: manifest.files.length, created_at: manifest.created_at, schema: manifest.schema_version.tag })

    const keep = new Set(['serve.lock', 'backup.lock'])
    const backupsInside = inside(dataDir, config.backupDir) ? relative(dataDir, config.backupDir).split(sep)[0]! : undefined
    if (backupsInside) keep.add(backupsInside)

    let aside: string | undefined
    const names = exists ? await readdir(dataDir) : []
    const occupied = names.some((n) => !keep.has(n) && join(dataDir, n) !== stage)
    if (inPlace) {
      if (occupied) {
        aside = join(dataDir, `${basename(dataDir)}.before-restore-${stamp}`)
        await mkdir(aside, { mode: PRIVATE_DIR_MODE })
        for (const n of names) if (!keep.has(n) && join(dataDir, n) !== stage) await rename(join(dataDir, n), join(aside, n))
      }
      for (const n of await readdir(stage)) await rename(join(stage, n), join(dataDir, n))
      await rmdir(stage)
    } else {
      if (exists) {
        // Written before the swap: once staging is DATA_DIR, a starting server finds it locked until we finish.
        await Bun.write(join(stage, 'serve.lock'), `${process.pid}\n`, { mode: 0o600 })
        if (occupied) {
          aside = join(dirname(dataDir), `${basename(dataDir)}.before-restore-${stamp}`)
          await rename(dataDir, aside)
        } else {
          await rm(dataDir, { recursive: true })
        }
      }
      try {
        await rename(stage, dataDir)
      } catch (err) {
        if (aside) await rename(aside, dataDir).catch(() => {})
        throw err
      }
      staging = undefined
      if (aside && backupsInside && existsSync(join(aside, backupsInside))) await rename(join(aside, backupsInside), join(dataDir, backupsInside))
      if (aside) for (const n of ['serve.lock', 'backup.lock']) await rm(join(aside, n), { force: true })
    }
    staging = undefined

    // The folders of start-up and the key (APP_KEY from the environment still wins over app.key, as at start-up).
    const key = prepareDataDir(config)
    const restoredKey = parseAppKey((await Bun.file(join(dataDir, APP_KEY_ENTRY)).text()).trim())
    if (config.appKey && restoredKey && !key.equals(restoredKey)) {
      logger.warn('restore: APP_KEY is set and differs from the backup\'s app.key; stored AI keys stay unreadable until APP_KEY is unset or set to that key')
    }
    const db = openDatabase(config.databasePath)
    let migrations: string[]
    try { migrations = migrate(db.$client) } finally { db.$client.close() }
    if (migrations.length > 0) logger.info('restore: migrations applied', { migrations })
    return { aside, migrations, manifest }
  } catch (err) {
    if (staging) await rm(staging, { recursive: true, force: true }).catch(() => {})
    throw err
  } finally {
    for (const lock of locks) lock.release()
    // The lock written into staging is ours too (release() only knew the old folder's path).
    const ours = join(dataDir, 'serve.lock')
    if (existsSync(ours) && (await Bun.file(ours).text()).trim() === String(process.pid)) await rm(ours, { force: true })
  }
}
