/**
 * An edit of one item (docs/api/quick-add.md §10): the fields sent, each through the commit's rule, over the stored
 * ones; a to-do's `is_completed` completes or reopens it (§11).
 */
import type { Deps } from '../../lib/deps'
import { ConflictError, NotFoundError, fieldError } from '../../lib/errors'
import { validate, type Unchecked } from '../../lib/validation'
import type { UserRow } from '../users/schema'
import { withDefaults, type ItemData, type LibraryName } from './fields'
import { editRules } from './field-rules'
import { FEED_CONFLICT, feedKey } from './feed-key'
import { complete, nextOccurrenceId, reopen, type Rollover } from './completion'
import { libraryFrom } from './items'
import type { LibraryItemPatch } from './model'
import { presentLibraryItem, storedData, type LibraryItem, type LibraryItemRow } from './present'
import { DUPLICATE, type ItemEdit } from './store'

/**
 * A to-do's own rules over the merged fields: an emptied category is none; clearing the due date ends the repeat,
 * and a repeat needs a due date (the invariant of §8).
 */
function todoFields(changes: ItemData, data: ItemData): ItemData {
  const out = { ...data }
  if (out.category === '') out.category = null
  if (changes.due_at === null) out.repeat = null
  if (changes.repeat && !out.due_at) throw fieldError('due_at', 'The due at field is required when repeat is present.')
  return out
}

/** The item's fields after the edit, with the completion or reopening its `is_completed` asks for. */
function editedData(user: UserRow, now: number, library: LibraryName, before: ItemData, changes: ItemData, next: LibraryItemRow | undefined): Rollover {
  const data = { ...before, ...changes }
  if (library !== 'todos') return { data }
  const todo = todoFields(changes, data)
  if (todo.is_completed === before.is_completed) return { data: todo }
  return todo.is_completed ? complete(user, now, todo, next) : reopen(todo, next)
}

/** The edit of `row` (its next occurrence `next`, read with it); none when it leaves the item as it was (its updated_at too). */
function plan(user: UserRow, now: number, library: LibraryName, changes: ItemData, row: LibraryItemRow, next: LibraryItemRow | undefined): ItemEdit | undefined {
  const before = withDefaults(library, storedData(row))
  const { data, create, remove } = editedData(user, now, library, before, changes, next)
  const stored = JSON.stringify(withDefaults(library, data))
  if (stored === JSON.stringify(before)) return undefined
  // An edited item is always later than its creation, even within the same millisecond: a to-do's next
  // occurrence counts as untouched only while the two are equal (completion.ts).
  const updatedAt = Math.max(now, row.createdAt + 1)
  const dedupeKey = library === 'feeds' && typeof changes.url === 'string' ? feedKey(changes.url) : row.dedupeKey
  return { data: stored, dedupeKey, updatedAt, create, remove }
}

/** Writes the edit; throws 404 for an item the user does not have, 409 for a feed URL followed twice. */
export async function updateLibraryItem(
  deps: Deps, user: UserRow, input: { type: string; itemId: string; body: Unchecked<typeof LibraryItemPatch> },
): Promise<LibraryItem> {
  const library = libraryFrom(input.type)
  if (!await deps.stores.libraries.get(user.id, library, input.itemId)) throw new NotFoundError()
  const changes = validate(input.body, editRules(library))
  const now = deps.clock.now()
  // The store reads the item (and its next occurrence) again inside its unit of work, so a completion rolls over once.
  const row = await deps.stores.libraries.update(user.id, library, input.itemId, now,
    (item, next) => plan(user, now, library, changes, item, next), (item) => nextOccurrenceId(storedData(item)))
  if (row === DUPLICATE) throw new ConflictError(FEED_CONFLICT)
  if (!row) throw new NotFoundError()
  return presentLibraryItem(row)
}
