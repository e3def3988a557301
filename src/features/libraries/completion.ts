/**
 * A to-do that gets done (docs/api/quick-add.md §11): completing stamps it and rolls a repeating one over to its
 * next occurrence; reopening takes that occurrence back while nobody has touched it. Pure rules over the item and
 * its next occurrence as the edit's unit of work read them (the store locks both): the edit writes what they
 * decide, so the completed item and its next occurrence are written together or not at all.
 */
import { userDate, type UserCalendar } from '../../lib/local-time'
import type { ItemData } from './fields'
import { nextDueDate, type Repeat } from './next-due'
import { storedData, type LibraryItemRow } from './present'
import { newLibraryItem } from './queries'
import type { NewLibraryItem } from './store'

/** The item's fields after the change, and what else the edit writes: a next occurrence to create, or one to delete. */
export interface Rollover { data: ItemData; create?: NewLibraryItem; remove?: string }

/** The id of the next occurrence `data` records (the store reads it with the item). */
export const nextOccurrenceId = (data: ItemData): string | undefined => typeof data.next_id === 'string' ? data.next_id : undefined

/**
 * `data` completed at `now`. A repeating one gets its next occurrence (the same fields, open, due one period
 * after its due date, or after the user's today when it has none) unless the one its completion created before
 * still exists (`next`): a to-do rolls over once.
 */
export function complete(user: UserCalendar, now: number, data: ItemData, next: LibraryItemRow | undefined): Rollover {
  const done: ItemData = { ...data, is_completed: true, completed_at: now }
  const repeat = data.repeat as Repeat | null
  if (!repeat || next) return { data: done }
  const due = nextDueDate(typeof data.due_at === 'string' ? data.due_at : userDate(user, now), repeat)
  if (due === null) return { data: done }
  const create = newLibraryItem('todos', { ...data, due_at: due, is_completed: false, completed_at: null, next_id: null }, now)
  return { data: { ...done, next_id: create.id }, create }
}

/**
 * `data` open again. Its next occurrence is deleted while untouched (never written since the completion created
 * it); one that was edited, completed or deleted stays as it is, and only a deleted one is forgotten.
 */
export function reopen(data: ItemData, next: LibraryItemRow | undefined): Rollover {
  const open: ItemData = { ...data, is_completed: false, completed_at: null }
  if (!next) return { data: { ...open, next_id: null } }
  const untouched = next.updatedAt === next.createdAt && storedData(next).is_completed !== true
  if (!untouched) return { data: open }
  return { data: { ...open, next_id: null }, remove: next.id }
}
