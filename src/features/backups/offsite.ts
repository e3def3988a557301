// Off-site copies of finished backups in an S3-compatible store (BACKUP_S3_URL), with Bun's built-in S3 client.
// Every function is a no-op when BACKUP_S3_URL is unset. Failures are logged with their reason and rejected, so the
// backup job can record them on its run; no log line or error message ever holds the secret key.
import { basename } from 'node:path'
import { statSync } from 'node:fs'
import type { Deps } from '../../lib/deps'
import { parseS3Url, type S3Target } from '../../config-s3-url'
import { compareBackupNames, isBackupFileName } from './paths'

export { parseS3Url, type S3Target }

type OffsiteDeps = Pick<Deps, 'config' | 'logger'>

/** One copy in the store. */
export interface OffsiteCopy {
  /** the backup's file name (the object key without the prefix) */
  name: string
  size: number
  /** when the store received it, epoch milliseconds */
  createdAt: number
}

/**
 * Whether an object's name (its key without the prefix) is a backup archive's (`daybook-backup-YYYYMMDDTHHMMSSZ.zip`,
 * paths.ts). Only such objects directly under the prefix are listed or ever deleted: anything else is left alone.
 */
export function isBackupName(name: string): boolean {
  return isBackupFileName(name)
}

/** A failed upload, listing or deletion; `message` names the store (never its credentials) and the reason. */
export class OffsiteError extends Error {
  override name = 'OffsiteError'
}

/** An upload may take its request timeout plus one second per 256 KiB (a 2 Mbit/s uplink still gets through). */
const UPLOAD_BYTES_PER_SECOND = 256 * 1024

function target(deps: OffsiteDeps): S3Target | undefined {
  return deps.config.backupS3
}

function clientFor(t: S3Target): Bun.S3Client {
  return new Bun.S3Client({
    accessKeyId: t.accessKeyId,
    secretAccessKey: t.secretAccessKey,
    bucket: t.bucket,
    endpoint: t.endpoint,
    region: t.region,
    virtualHostedStyle: t.virtualHostedStyle,
  })
}

function keyFor(t: S3Target, name: string): string {
  return t.prefix ? `${t.prefix}/${name}` : name
}

/** Why a call failed, in one line, with the credentials cut out should a message ever echo them. */
function reasonOf(err: unknown, t: S3Target): string {
  let reason: string
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code
    reason = typeof code === 'string' && code !== '' && !err.message.includes(code) ? `${code}: ${err.message}` : err.message
  } else {
    reason = String(err)
  }
  for (const secret of [t.secretAccessKey, encodeURIComponent(t.secretAccessKey)]) {
    if (secret) reason = reason.split(secret).join('***')
  }
  return reason.replace(/\s+/g, ' ').trim() || 'unknown error'
}

/** Rejects after `ms` when `work` has not settled; the request it stands for is abandoned (its outcome ignored). */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${Math.ceil(ms / 1000)} s`)), ms)
  })
  work.catch(() => {})
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

async function attempt<T>(deps: OffsiteDeps, t: S3Target, what: string, fields: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    const reason = reasonOf(err, t)
    deps.logger.error(`backup: off-site ${what} failed`, { where: t.where, ...fields, reason })
    throw new OffsiteError(`off-site ${what} at ${t.where} failed: ${reason}`)
  }
}

/**
 * Copies a finished backup file to `<prefix>/<file name>`, streamed from disk (Bun uploads large files in parts).
 * Resolves once the store has it; rejects (after logging why) on any failure. Does nothing without BACKUP_S3_URL.
 */
export async function uploadBackup(deps: OffsiteDeps, file: string): Promise<void> {
  const t = target(deps)
  if (!t) return
  const name = basename(file)
  const key = keyFor(t, name)
  await attempt(deps, t, 'upload', { file: name }, async () => {
    if (!isBackupName(name)) throw new Error(`"${name}" is not a backup archive name (daybook-backup-YYYYMMDDTHHMMSSZ.zip)`)
    const size = statSync(file).size
    const started = performance.now()
    const deadline = t.timeoutMs + Math.ceil(size / UPLOAD_BYTES_PER_SECOND) * 1000
    await withTimeout(clientFor(t).write(key, Bun.file(file), { type: 'application/zip' }), deadline, 'upload')
    deps.logger.info('backup: copied off-site', { where: t.where, file: name, size, ms: Math.round(performance.now() - started) })
  })
}

/** Every backup copy under the prefix, newest first (listed page by page). [] without BACKUP_S3_URL. */
export async function listOffsite(deps: OffsiteDeps): Promise<OffsiteCopy[]> {
  const t = target(deps)
  if (!t) return []
  return attempt(deps, t, 'listing', {}, () => listCopies(t))
}

async function listCopies(t: S3Target): Promise<OffsiteCopy[]> {
  const client = clientFor(t)
  const prefix = t.prefix ? t.prefix + '/' : ''
  const copies: OffsiteCopy[] = []
  let continuationToken: string | undefined
  for (let page = 0; ; page++) {
    // A store that keeps answering "truncated" forever must not keep us here: 10,000 pages are 10 million objects.
    if (page === 10_000) throw new Error('listing did not end after 10000 pages')
    const res = await withTimeout(
      client.list({ prefix, maxKeys: 1000, ...(continuationToken ? { continuationToken } : {}) }),
      t.timeoutMs,
      'listing',
    )
    for (const obj of res.contents ?? []) {
      const name = obj.key.slice(prefix.length)
      if (!obj.key.startsWith(prefix) || !isBackupName(name)) continue
      const createdAt = obj.lastModified ? Date.parse(obj.lastModified) : NaN
      copies.push({ name, size: obj.size ?? 0, createdAt: Number.isNaN(createdAt) ? 0 : createdAt })
    }
    if (!res.isTruncated) break
    if (!res.nextContinuationToken || res.nextContinuationToken === continuationToken) {
      throw new Error('the store said the listing is truncated but gave no next continuation token')
    }
    continuationToken = res.nextContinuationToken
  }
  return copies.sort(newestFirst)
}

/** Newest first: by the creation time in the name (as local retention does), then by when the store received it. */
function newestFirst(a: OffsiteCopy, b: OffsiteCopy): number {
  return compareBackupNames(b.name, a.name) || b.createdAt - a.createdAt
}

/**
 * Keeps the newest `keep` backup copies under the prefix and deletes the older ones; other objects are never touched.
 * Resolves with the names deleted; rejects (after logging why, and what was deleted until then) on a failure.
 */
export async function pruneOffsite(deps: OffsiteDeps, keep: number): Promise<string[]> {
  const t = target(deps)
  if (!t) return []
  if (!Number.isInteger(keep) || keep < 1) throw new OffsiteError(`off-site retention needs keep ≥ 1 (got ${keep})`)
  const deleted: string[] = []
  await attempt(deps, t, 'retention', { deleted }, async () => {
    const copies = await listCopies(t)
    const client = clientFor(t)
    for (const copy of copies.slice(keep)) {
      await withTimeout(client.delete(keyFor(t, copy.name)), t.timeoutMs, `deletion of ${copy.name}`)
      deleted.push(copy.name)
    }
  })
  if (deleted.length > 0) deps.logger.info('backup: deleted old off-site copies', { where: t.where, keep, deleted })
  return deleted
}
