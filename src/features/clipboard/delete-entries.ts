import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { HOUR } from '../../lib/clock'
import { NotFoundError } from '../../lib/errors'
import { deleteUserFile } from '../../lib/files'
import { entryId } from './find-entry'

/**
 * DELETE /v1/clipboard/{id} — the row first, then its image file (a leftover file is unreachable, a dangling row is
 * not). One store call finds and deletes the entry: an id that is not the user's deletes nothing and is a 404.
 */
export async function deleteClipboardEntry(deps: Pick<Deps, 'stores' | 'config'>, actor: Actor, id: string): Promise<void> {
  const [filePath] = await deps.stores.clipboard.delete(actor.user.id, [entryId(id)])
  if (filePath === undefined) throw new NotFoundError()
  await deleteUserFile(deps.config.dataDir, filePath)
}

/**
 * Retention (docs/api/clipboard.md §8): deletes every entry created more than CLIPBOARD_RETENTION_HOURS ago, then
 * their image files. Idempotent; returns the number of entries removed.
 */
export async function pruneClipboardEntries(deps: Pick<Deps, 'stores' | 'config' | 'clock' | 'logger'>): Promise<number> {
  const hours = deps.config.clipboardRetentionHours
  if (hours <= 0) return 0
  const removed = await deps.stores.clipboard.pruneOlderThan(deps.clock.now() - hours * HOUR)
  for (const filePath of removed) {
    try {
      await deleteUserFile(deps.config.dataDir, filePath)
    } catch (err) {
      deps.logger.warn('clipboard retention could not delete a file', { file_path: filePath, error: String(err) })
    }
  }
  return removed.length
}
