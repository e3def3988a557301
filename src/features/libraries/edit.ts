/**
 * An edit of one item (docs/api/quick-add.md §10): the fields sent, each through the commit's rule, over the stored
 * ones; a to-do's `is_completed` completes or reopens it (§11).
 */
import type { Deps } from '../../lib/deps'
import { ConflictError, NotFoundError, fieldError } from '../../lib/errors'
import { isUniqueViolation } from '../../lib/db/client'
import { validate, type Unchecked } from '../../lib/validation'
import type { UserRow } from '../users/schema'
import { withDefaults, type ItemData, type LibraryName } from './fields'
import { editRules } from './field-rules'
import { FEED_CONFLICT, feedKey } from './feed-key'
import { complete, reopen } from './completion'
import { libraryFrom } from './items'
import type { LibraryItemPatch } from './model'
import { presentLibraryItem, storedData, type LibraryItem, type LibraryItemRow } from './present'
import { findLibraryItem, updateLibraryRow } from './queries'

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
function editedData(deps: Deps, user: UserRow, library: LibraryName, before: ItemData, changes: ItemData): ItemData {
  const data = { ...before, ...changes }
  if (library !== 'todos') return data
  const todo = todoFields(changes, data)
  if (todo.is_completed === before.is_completed) return todo
  return todo.is_completed ? complete(deps, user, todo) : reopen(deps, user.id, todo)
}

/** Writes the edit; an unchanged item is left as it was (its updated_at too). Throws 409 for a feed URL followed twice. */
function write(deps: Deps, user: UserRow, library: LibraryName, row: LibraryItemRow, changes: ItemData): LibraryItemRow {
  const before = withDefaults(library, storedData(row))
  const data = editedData(deps, user, library, before, changes)
  if (JSON.stringify(withDefaults(library, data)) === JSON.stringify(before)) return row
  // An edited item is always later than its creation, even within the same millisecond: a to-do's next
  // occurrence counts as untouched only while the two are equal (completion.ts).
  const updatedAt = Math.max(deps.clock.now(), row.createdAt + 1)
  const dedupeKey = library === 'feeds' && typeof changes.url === 'string' ? feedKey(changes.url) : row.dedupeKey
  return updateLibraryRow(deps, row, data, dedupeKey, updatedAt)
}

export function updateLibraryItem(
  deps: Deps, user: UserRow, input: { type: string; itemId: string; body: Unchecked<typeof LibraryItemPatch> },
): LibraryItem {
  const library = libraryFrom(input.type)
  if (!findLibraryItem(deps, user.id, library, input.itemId)) throw new NotFoundError()
  const changes = validate(input.body, editRules(library))
  try {
    // One writer (BEGIN IMMEDIATE): the item is read again inside, so a completion rolls over once.
    return presentLibraryItem(deps.db.transaction(() => {
      const row = findLibraryItem(deps, user.id, library, input.itemId)
      if (!row) throw new NotFoundError()
      return write(deps, user, library, row, changes)
    }, { behavior: 'immediate' }))
  } catch (err) {
    if (library === 'feeds' && isUniqueViolation(err)) throw new ConflictError(FEED_CONFLICT)
    throw err
  }
}
