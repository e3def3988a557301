/**
 * The import endpoints' verbs: start (the archive checked completely in the request, in slices, so bad input is a
 * 422 that writes nothing; then one job row and the upload stored for the job loop) and status (the newest job).
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../data-dir'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { HOUR, iso, isoOrNull } from '../../lib/clock'
import { RateLimitedError, ValidationError } from '../../lib/errors'
import { consumeRateLimits, showRateLimits, type Limiter } from '../../lib/http/rate-limit'
import { timeSlicer } from '../../lib/time-slice'
import type { Db } from '../../lib/db/client'
import { StartImportBody } from './model'
import { importJobs, type ImportJobRow } from './schema'
import { CHECK_ONLY, readImportArchive } from './archive'
import { formatPath, importsDir, uploadPath } from './paths'
import { isForeignFormat, presentFindings, readForeign } from './formats'
import { parseMapping, resolveMapping } from './formats/mapping'
import { wakeImportWorker } from './worker'

const RUNNING_MESSAGE = 'An import is already running. Please wait until it has finished.'
/** Retry-After of the 429 for a running import: the job loop's poll interval. */
const RETRY_SECONDS = 10

/**
 * Every upload counts, refused or not: checking an archive costs the server more than any other request, so
 * the number a person can send is limited whatever they send (README "Import").
 */
export const importUploads = (userId: string): Limiter => ({ name: 'import', limit: 10, windowMs: HOUR, key: userId })

function hasRunningImport(db: Pick<Db, 'select'>, userId: string): boolean {
  return db.select({ id: importJobs.id }).from(importJobs)
    .where(and(eq(importJobs.userId, userId), inArray(importJobs.status, ['pending', 'in-progress']))).get() !== undefined
}

/** `headers` are the response's: the upload limit's X-RateLimit-* go on every answer. */
export async function startImport(deps: Deps, actor: Actor, body: Record<string, unknown>, headers: Record<string, string | number>) {
  const userId = actor.user.id
  const limit = [importUploads(userId)]
  let input: ReturnType<typeof StartImportBody.validate>
  try {
    input = StartImportBody.validate(body)
  } catch (err) {
    showRateLimits(deps, headers, limit)
    throw err
  }
  consumeRateLimits(deps, headers, limit)
  const format = input.format ?? 'daybook'
  const dryRun = input.dry_run === 'true'
  if (dryRun && !isForeignFormat(format)) throw new ValidationError({ dry_run: ['A dry run is for another app\'s file: choose its format.'] })
  // Another app's day is not all of one's day (it knows nothing of the other trackers): it fills, never replaces.
  if (input.mode === 'replace' && isForeignFormat(format)) throw new ValidationError({ mode: ['Another app\'s file fills the days one has: replace is for a daybook export.'] })
  const bytes = new Uint8Array(await (input.file as Blob).arrayBuffer())
  // Another app's file is read and mapped completely here: a dry run answers with what it found, a bad file or
  // mapping is a 422, and the job reads it again with the mapping stored beside it.
  let foreign: string | undefined
  if (isForeignFormat(format)) {
    const found = await readForeign(format, bytes)
    const mapping = resolveMapping(found, parseMapping(input.mapping), !dryRun)
    if (dryRun) return { dryRun: true as const, findings: presentFindings(format, found, mapping) }
    foreign = JSON.stringify({ format, mapping: input.mapping ?? '' })
  }
  if (hasRunningImport(deps.db, userId)) throw new RateLimitedError(RETRY_SECONDS, {}, RUNNING_MESSAGE)
  const mode = input.mode === 'replace' ? 'replace' : 'merge'
  const withSettings = input.settings === 'include'
  if (!foreign) await readImportArchive(bytes, CHECK_ONLY, timeSlicer())
  const dir = importsDir(deps.config.dataDir)
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const temp = join(dir, `upload_${randomBytes(8).toString('hex')}.part`)
  await writeFile(temp, bytes, { mode: PRIVATE_FILE_MODE })
  if (foreign) await writeFile(`${temp}.json`, foreign, { mode: PRIVATE_FILE_MODE })
  let job: { id: number }
  try {
    job = deps.db.transaction((tx) => {
      if (hasRunningImport(tx, userId)) throw new RateLimitedError(RETRY_SECONDS, {}, RUNNING_MESSAGE)
      return tx.insert(importJobs).values({ userId, status: 'pending', mode, withSettings, sizeBytes: bytes.length, createdAt: deps.clock.now() })
        .returning({ id: importJobs.id }).get()
    }, { behavior: 'immediate' })
    // Synchronously after the insert: the job loop cannot look for the files in between (the format first: an
    // upload without it would be read as an export).
    if (foreign) renameSync(`${temp}.json`, formatPath(deps.config.dataDir, job.id))
    renameSync(temp, uploadPath(deps.config.dataDir, job.id))
  } catch (err) {
    await rm(temp, { force: true })
    await rm(`${temp}.json`, { force: true })
    throw err
  }
  wakeImportWorker(deps)
  return { dryRun: false as const, started: { id: job.id, status: 'pending' as const, mode: mode as 'merge' | 'replace', with_settings: withSettings } }
}

export function presentImportJob(row: ImportJobRow) {
  let counts: unknown = null
  if (row.status === 'completed' && row.counts) counts = JSON.parse(row.counts)
  return {
    id: row.id,
    status: row.status,
    mode: row.mode,
    progress: row.progress,
    size_bytes: row.sizeBytes,
    created_at: iso(row.createdAt),
    started_at: isoOrNull(row.startedAt),
    completed_at: isoOrNull(row.completedAt),
    counts: counts as Record<string, { imported: number; skipped: number; refused: number; refused_why: string[] }> | null,
    error: row.status === 'failed' ? row.error : null,
    with_settings: row.withSettings,
  }
}

/** The user's newest import (created_at, then id), or null. */
export function getImportStatus(deps: Deps, actor: Actor) {
  const row = deps.db.select().from(importJobs).where(eq(importJobs.userId, actor.user.id))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(1).get()
  return row ? presentImportJob(row) : null
}

