/**
 * What other features (chat bot, your-day, quick add) ask of the libraries, over the libraries store
 * (deps.stores.libraries), so none of them touches the table.
 */
import type { Deps } from '../../lib/deps'
import { uuidv7 } from '../../lib/crypto'
import { ConflictError } from '../../lib/errors'
import { FEED_CONFLICT } from './feed-key'
import { presentLibraryItem, type LibraryItem, type LibraryItemRow } from './present'
import { withDefaults, type ItemData, type LibraryName } from './fields'
import { DUPLICATE, type NewLibraryItem } from './store'

type Stores = Pick<Deps, 'stores'>

/** A new item of `library` with every field (defaults filled in), its id drawn at `now`; `dedupeKey` only for feeds. */
export const newLibraryItem = (library: LibraryName, data: ItemData, now: number, dedupeKey: string | null = null): NewLibraryItem =>
  ({ id: uuidv7(now), library, data: JSON.stringify(withDefaults(library, data)), dedupeKey })

/** Saves one item, created now; a feed URL the user follows already is a 409. */
export async function insertLibraryItem(
  deps: Pick<Deps, 'stores' | 'clock'>, userId: string, library: LibraryName, data: ItemData, dedupeKey: string | null = null,
): Promise<LibraryItemRow> {
  const now = deps.clock.now()
  const row = await deps.stores.libraries.create(userId, newLibraryItem(library, data, now, dedupeKey), now)
  if (row === DUPLICATE) throw new ConflictError(FEED_CONFLICT)
  return row
}

/** Open todos (is_completed false): due_at ascending, undated ones last, then created_at (docs/api/chatbot.md §5.6). */
export async function listOpenTodos(deps: Stores, userId: string): Promise<LibraryItem[]> {
  return (await deps.stores.libraries.openTodos(userId)).map(presentLibraryItem)
}

/** Every quote of the user, newest first (the your-day summary picks one at random). */
export async function listQuotes(deps: Stores, userId: string): Promise<LibraryItem[]> {
  return (await deps.stores.libraries.all(userId, 'quotes')).map(presentLibraryItem)
}
