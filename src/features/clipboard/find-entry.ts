import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import type { ClipboardRow } from './schema'

/**
 * An entry's id from the path (the route has checked its form); ids past the integers JavaScript holds exactly are a
 * 404 like unknown ones and other users' (docs/api/conventions.md §7).
 */
export function entryId(id: string): number {
  const n = Number(id)
  if (!Number.isSafeInteger(n)) throw new NotFoundError()
  return n
}

/**
 * The user's entry with this path id; unknown ids and other users' ids are the same 404, so that existence is never
 * revealed (docs/api/conventions.md §7).
 */
export async function findOwnEntry(deps: Pick<Deps, 'stores'>, userId: string, id: string): Promise<ClipboardRow> {
  const row = await deps.stores.clipboard.find(userId, entryId(id))
  if (!row) throw new NotFoundError()
  return row
}
