/**
 * The hourly export cleanup (docs/api/export.md §8): deletes the archives of completed jobs whose `expires_at` has
 * passed (the rows stay, so downloads keep answering 410), `.part` files that do not belong to the running
 * job, and archive folders of users that no longer exist.
 */
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, inArray, isNull, lte } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { UUID_RE } from '../../lib/crypto'
import { users } from '../users/schema'
import { exportJobs } from './schema'
import { archivePath, exportsRoot, exportsTmpDir, jobIdOfPart } from './paths'

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [])
}

async function deleteExpiredArchives(deps: Deps): Promise<number> {
  const now = deps.clock.now()
  const expired = deps.db.select({ id: exportJobs.id, userId: exportJobs.userId }).from(exportJobs).where(and(
    eq(exportJobs.status, 'completed'), lte(exportJobs.expiresAt, now), isNull(exportJobs.fileDeletedAt),
  )).all()
  for (const job of expired) {
    await rm(archivePath(deps.config.dataDir, job.userId, job.id), { force: true })
    deps.db.update(exportJobs).set({ fileDeletedAt: now }).where(eq(exportJobs.id, job.id)).run()
  }
  return expired.length
}

/**
 * The running job is the in-progress row (one worker per data folder). Parts of pending jobs are kept too: a
 * job claimed between this read and the deletion would otherwise lose the file it has just started.
 */
async function deleteStrayParts(deps: Deps): Promise<number> {
  const running = new Set(deps.db.select({ id: exportJobs.id }).from(exportJobs)
    .where(inArray(exportJobs.status, ['pending', 'in-progress'])).all().map((r) => r.id))
  const tmp = exportsTmpDir(deps.config.dataDir)
  let removed = 0
  for (const name of await listDir(tmp)) {
    const id = jobIdOfPart(name)
    if (id !== undefined && running.has(id)) continue
    await rm(join(tmp, name), { recursive: true, force: true })
    removed += 1
  }
  return removed
}

async function deleteOrphanFolders(deps: Deps): Promise<number> {
  const folders = (await listDir(exportsRoot(deps.config.dataDir))).filter((name) => UUID_RE.test(name))
  if (folders.length === 0) return 0
  const known = new Set(deps.db.select({ id: users.id }).from(users).where(inArray(users.id, folders)).all().map((u) => u.id))
  let removed = 0
  for (const name of folders) {
    if (known.has(name)) continue
    await rm(join(exportsRoot(deps.config.dataDir), name), { recursive: true, force: true })
    removed += 1
  }
  return removed
}

export async function cleanupExports(deps: Deps): Promise<{ expired: number; parts: number; orphans: number }> {
  return { expired: await deleteExpiredArchives(deps), parts: await deleteStrayParts(deps), orphans: await deleteOrphanFolders(deps) }
}
