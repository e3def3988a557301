import { join } from 'node:path'
import { rm } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { UUID_RE } from '../../lib/crypto'
import { deleteUserFolder } from '../../lib/files'
import { errorFields } from '../../lib/logger'
import { exportJobs } from '../export/schema'
import { users } from '../users/schema'

/**
 * Deletes a user and everything they own. Every table that refers to a user does so with ON DELETE CASCADE
 * (tokens, passkeys, challenges, clipboard, check-ins, friend requests and friendships in both directions,
 * chatbot connection, dialogues and alert log, export jobs, library items), so one row delete removes the
 * rows; then the files go: $DATA_DIR/files/user/{id}, $DATA_DIR/exports/{id} and unfinished archive parts.
 * Returns false when there was no such user.
 */
export async function deleteUserAccount(deps: Pick<Deps, 'db' | 'config' | 'logger'>, userId: string): Promise<boolean> {
  if (!UUID_RE.test(userId)) return false
  const jobIds = deps.db.select({ id: exportJobs.id }).from(exportJobs).where(eq(exportJobs.userId, userId)).all().map((j) => j.id)
  const deleted = changes(deps.db.delete(users).where(eq(users.id, userId)).run()) > 0
  const { dataDir } = deps.config
  try {
    await deleteUserFolder(dataDir, userId)
    await rm(join(dataDir, 'exports', userId), { recursive: true, force: true })
    for (const id of jobIds) await rm(join(dataDir, 'exports', 'tmp', `export_${id}.zip.part`), { force: true })
  } catch (err) {
    // The account is already gone; leftover files are unreachable (random names) and only cost disk space.
    deps.logger.error('files of a deleted user could not be removed', { user_id: userId, ...errorFields(err) })
  }
  return deleted
}
