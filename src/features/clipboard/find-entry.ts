import { and, eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import { INT_ID_RE } from '../../lib/crypto'
import { clipboardEntries, type ClipboardRow } from './schema'

/**
 * The user's entry with this path id; unknown, malformed and other users' ids are all the same 404 so that
 * existence is never revealed (conventions.md 7).
 */
export function findOwnEntry(deps: Pick<Deps, 'db'>, userId: string, id: string | number): ClipboardRow {
  const raw = String(id)
  if (!INT_ID_RE.test(raw) || !Number.isSafeInteger(Number(raw))) throw new NotFoundError()
  const row = deps.db.select().from(clipboardEntries)
    .where(and(eq(clipboardEntries.id, Number(raw)), eq(clipboardEntries.userId, userId)))
    .get()
  if (!row) throw new NotFoundError()
  return row
}
