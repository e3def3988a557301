import { and, eq, lt } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { HOUR } from '../../lib/clock'
import { deleteUserFile } from '../../lib/files'
import { clipboardEntries } from './schema'
import { findOwnEntry } from './find-entry'

/** DELETE /v1/clipboard/{id} — the row first, then its image file (a leftover file is unreachable, a dangling row is not). */
export async function deleteClipboardEntry(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, id: string): Promise<void> {
  const row = findOwnEntry(deps, actor.user.id, id)
  deps.db.delete(clipboardEntries).where(and(eq(clipboardEntries.id, row.id), eq(clipboardEntries.userId, actor.user.id))).run()
  await deleteUserFile(deps.config.dataDir, row.filePath)
}

/**
 * Retention (docs/api/clipboard.md §8): deletes every entry created more than CLIPBOARD_RETENTION_HOURS ago, with its
 * image file. Idempotent; returns the number of entries removed.
 */
export async function pruneClipboardEntries(deps: Pick<Deps, 'db' | 'config' | 'clock' | 'logger'>): Promise<number> {
  const hours = deps.config.clipboardRetentionHours
  if (hours <= 0) return 0
  const cutoff = deps.clock.now() - hours * HOUR
  const removed = deps.db.delete(clipboardEntries)
    .where(lt(clipboardEntries.createdAt, cutoff))
    .returning({ filePath: clipboardEntries.filePath })
    .all()
  for (const { filePath } of removed) {
    try {
      await deleteUserFile(deps.config.dataDir, filePath)
    } catch (err) {
      deps.logger.warn('clipboard retention could not delete a file', { file_path: filePath, error: String(err) })
    }
  }
  return removed.length
}
