import { and, eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import { clipboardEntries, type ClipboardRow } from './schema'

/**
 * The user's entry with this path id (the route has checked its form); unknown ids, ids past the integers JavaScript
 * holds exactly and other users' ids are all the same 404 so that existence is never revealed
 * (docs/api/conventions.md §7).
 */
export function findOwnEntry(deps: Pick<Deps, 'db'>, userId: string, id: string): ClipboardRow {
  const n = Number(id)
  if (!Number.isSafeInteger(n)) throw new NotFoundError()
  const row = deps.db.select().from(clipboardEntries)
    .where(and(eq(clipboardEntries.id, n), eq(clipboardEntries.userId, userId)))
    .get()
  if (!row) throw new NotFoundError()
  return row
}
