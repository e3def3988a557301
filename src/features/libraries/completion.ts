/**
 * A to-do that gets done (docs/api/quick-add.md §11): completing stamps it and rolls a repeating one over to its
 * next occurrence; reopening takes that occurrence back while nobody has touched it. Runs inside the edit's
 * transaction, so the completed item and its next occurrence are written together or not at all.
 */
import type { Deps } from '../../lib/deps'
import { userToday, type UserCalendar } from '../../lib/local-time'
import type { ItemData } from './fields'
import { nextDueDate, type Repeat } from './next-due'
import { storedData } from './present'
import { deleteLibraryRow, findLibraryItem, insertLibraryItem } from './queries'

type Tx = Pick<Deps, 'db' | 'clock'>

/** The next occurrence `data` records, if it still exists. */
const nextOccurrence = (tx: Tx, userId: string, data: ItemData) =>
  typeof data.next_id === 'string' ? findLibraryItem(tx, userId, 'todos', data.next_id) : undefined

/**
 * `data` completed at `now`. A repeating one gets its next occurrence (the same fields, open, due one period
 * after its due date, or after the user's today when it has none) unless the one its completion created before
 * still exists: a to-do rolls over once.
 */
export function complete(tx: Tx, user: UserCalendar & { id: string }, data: ItemData): ItemData {
  const done: ItemData = { ...data, is_completed: true, completed_at: tx.clock.now() }
  const repeat = data.repeat as Repeat | null
  if (!repeat || nextOccurrence(tx, user.id, data)) return done
  const due = nextDueDate(typeof data.due_at === 'string' ? data.due_at : userToday(user, tx.clock), repeat)
  if (due === null) return done
  const next = insertLibraryItem(tx, user.id, 'todos', { ...data, due_at: due, is_completed: false, completed_at: null, next_id: null })
  return { ...done, next_id: next.id }
}

/**
 * `data` open again. Its next occurrence is deleted while untouched (never written since the completion created
 * it); one that was edited, completed or deleted stays as it is, and only a deleted one is forgotten.
 */
export function reopen(tx: Tx, userId: string, data: ItemData): ItemData {
  const open: ItemData = { ...data, is_completed: false, completed_at: null }
  const next = nextOccurrence(tx, userId, data)
  if (!next) return { ...open, next_id: null }
  const untouched = next.updatedAt === next.createdAt && storedData(next).is_completed !== true
  if (!untouched) return open
  deleteLibraryRow(tx, userId, 'todos', next.id)
  return { ...open, next_id: null }
}
