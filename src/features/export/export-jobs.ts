/** The export endpoints' verbs (docs/api/export.md §2, 4, 5). The job loop (worker.ts) writes the archive itself. */
import { stat } from 'node:fs/promises'
import { and, desc, eq, gt, inArray, max } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { DAY } from '../../lib/clock'
import { AppError, ConflictError, GoneError, NotFoundError, RateLimitedError, ValidationError, type FieldErrors } from '../../lib/errors'
import type { Db } from '../../lib/db/client'
import { exportJobs } from './schema'
import { SUPPORTED_FEATURES } from './features'
import { StartExportBody } from './model'
import { isExpired, presentExportJob } from './present'
import { archivePath } from './paths'

export const EXPORT_LIMIT_HEADERS = { 'X-RateLimit-Limit': '1', 'X-RateLimit-Remaining': '0' }
const LIMIT_MESSAGE = 'You can only export once every 24 hours. Please try again later.'

/** created_at of the user's newest job that counts against the limit (not failed, under 24 hours old). */
function newestCountedJob(db: Pick<Db, 'select'>, userId: string, now: number): number | undefined {
  return db.select({ createdAt: max(exportJobs.createdAt) }).from(exportJobs).where(and(
    eq(exportJobs.userId, userId),
    inArray(exportJobs.status, ['pending', 'in-progress', 'completed']),
    gt(exportJobs.createdAt, now - DAY),
  )).get()?.createdAt ?? undefined
}

/**
 * Reads and validates the request (docs/api/export.md §2 `features`). Its 400, 415 and 422 answers carry the limiter's
 * headers like every answer of a limited route (docs/api/conventions.md §11.2); nothing was counted, so one export
 * remains unless a counted job is under 24 hours old.
 */
function readFeatures(deps: Deps, userId: string, now: number, readInput: () => Record<string, unknown>): string[] {
  try {
    const { features } = StartExportBody.validate(readInput())
    return (features as string[] | null | undefined) ?? [...SUPPORTED_FEATURES]
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    const remaining = newestCountedJob(deps.db, userId, now) === undefined ? '1' : '0'
    // The web client shows a 422's `message`, so it is the field's own message.
    const message = err instanceof ValidationError ? (err.errors as FieldErrors).features![0]! : err.message
    throw new AppError(err.status, err.code, message, err.errors, { ...err.headers, ...EXPORT_LIMIT_HEADERS, 'X-RateLimit-Remaining': remaining })
  }
}

/**
 * docs/api/export.md §2: the request body (read by `readInput`) and its validation, then the 24-hour rule and the
 * insert in one IMMEDIATE write transaction, so two concurrent requests cannot both pass the check. Failed
 * jobs do not count.
 */
export function startExport(deps: Deps, actor: Actor, readInput: () => Record<string, unknown>) {
  const now = deps.clock.now()
  const userId = actor.user.id
  const features = readFeatures(deps, userId, now, readInput)
  const job = deps.db.transaction((tx) => {
    const newest = newestCountedJob(tx, userId, now)
    if (newest !== undefined) {
      throw new RateLimitedError((newest + DAY - now) / 1000, EXPORT_LIMIT_HEADERS, LIMIT_MESSAGE)
    }
    return tx.insert(exportJobs).values({ userId, status: 'pending', features: JSON.stringify(features), createdAt: now })
      .returning({ id: exportJobs.id }).get()
  }, { behavior: 'immediate' })
  deps.exportWorker?.wake()
  return { id: job.id, status: 'pending' as const, features }
}

/** docs/api/export.md §4: the latest job (newest created_at, then highest id), or null. */
export function getExportStatus(deps: Deps, actor: Actor) {
  const row = deps.db.select().from(exportJobs).where(eq(exportJobs.userId, actor.user.id))
    .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id)).limit(1).get()
  return row ? presentExportJob(deps.clock, row) : null
}

export interface ExportDownload { path: string; size: number; fileName: string }

/** docs/api/export.md §5: the checks, in the contract's order, before the archive is streamed. */
export async function findExportDownload(deps: Deps, actor: Actor, id: string): Promise<ExportDownload> {
  const row = deps.db.select().from(exportJobs)
    .where(and(eq(exportJobs.id, Number(id)), eq(exportJobs.userId, actor.user.id))).get()
  if (!row) throw new NotFoundError('Export not found.')
  if (row.status === 'pending' || row.status === 'in-progress') throw new ConflictError('Export is not ready yet.', 'export_not_ready')
  if (row.status === 'failed') throw new ConflictError('Export failed.', 'export_failed')
  if (isExpired(row, deps.clock.now())) throw new GoneError('Export has expired.', 'export_expired')
  const path = archivePath(deps.config.dataDir, row.userId, row.id)
  const info = await stat(path).catch(() => undefined)
  if (!info?.isFile()) throw new NotFoundError('Export file not found.')
  return { path, size: info.size, fileName: `export_${row.id}.zip` }
}
