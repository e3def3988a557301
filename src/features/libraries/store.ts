import type { LibraryName } from './fields'
import type { LibraryItemRow } from './present'

/** Which of a library's items a list shows, and in which order (docs/api/quick-add.md §9; to-dos only). */
export interface ListFilter {
  status: 'open' | 'done' | 'all'
  sort: 'created' | 'due'
  /** only to-dos due on or before this date (YYYY-MM-DD) */
  dueUntil: string | null
}

/** An item to write: its id (a UUIDv7 the caller draws), its library, its fields as the JSON text stored, a feed's URL key. */
export interface NewLibraryItem {
  id: string
  library: LibraryName
  data: string
  dedupeKey: string | null
}

/**
 * What an edit writes, decided by the verb from the item as read inside the store's unit of work: the item's new
 * fields (JSON text), key and `updated_at`; with it, an item to create (a repeating to-do's next occurrence) and one
 * to delete (an untouched next occurrence taken back), both in the item's library.
 */
export interface ItemEdit {
  data: string
  dedupeKey: string | null
  updatedAt: number
  create?: NewLibraryItem
  remove?: string
}

/**
 * Decides an edit from the item and the item it links to (`linked`, when asked for and still there), both as they
 * are inside the unit of work; undefined writes nothing. Synchronous: it runs inside the transaction (no I/O).
 * It may throw (a field error): nothing is written then.
 */
export type EditPlan = (item: LibraryItemRow, linked: LibraryItemRow | undefined) => ItemEdit | undefined

/** A write that would follow a feed URL the user follows already (the `library_items_dedupe_uq` index). */
export const DUPLICATE = 'duplicate'

/**
 * The libraries' data access (docs/scaling.md, plan step 6): one async interface, one implementation per engine
 * (store-sqlite.ts, store-postgres.ts), proved alike by one suite against both (test/scaling/libraries-store.test.ts).
 * Every call is scoped to the user it is given (another user's id is never found, changed or deleted) and is one
 * unit of work. Item ids are compared in lower case, as they are stored. `data` stays the JSON text the verbs wrote.
 *
 * The search index: on SQLite the migration's triggers write `search_docs` from `library_items`; on PostgreSQL,
 * which has no such triggers, the store writes the item's document itself in the same transaction as the item
 * (src/features/search/library-docs-postgres.ts), so the search sees every item alike on both engines.
 */
export interface LibrariesStore {
  /**
   * One page of a library and how many items it has: newest first, then id descending; with a filter (to-dos), by
   * state, up to a due date, and in due-date order (undated last, then oldest first) when `sort` is 'due'.
   */
  list(userId: string, library: LibraryName, limit: number, offset: number, filter?: ListFilter): Promise<{ rows: LibraryItemRow[]; total: number }>
  /** Every item of a library, newest first (the your-day quote is picked from them). */
  all(userId: string, library: LibraryName): Promise<LibraryItemRow[]>
  /** The open to-dos (`is_completed` not true): due date ascending, undated last, then created_at and id. */
  openTodos(userId: string): Promise<LibraryItemRow[]>
  get(userId: string, library: LibraryName, id: string): Promise<LibraryItemRow | undefined>
  /** Whether the user follows `dedupeKey` in `library` already (quick add asks before it fetches the feed). */
  hasDedupeKey(userId: string, library: LibraryName, dedupeKey: string): Promise<boolean>
  /** Inserts the item, created and updated at `now`; the stored row, or DUPLICATE for a feed URL followed already. */
  create(userId: string, item: NewLibraryItem, now: number): Promise<LibraryItemRow | typeof DUPLICATE>
  /**
   * Reads the item (and, when `linkedId` names one, the item of the same library it links to) and writes what `plan`
   * decides, in one unit of work: on SQLite one immediate transaction, on PostgreSQL both rows read `FOR UPDATE`
   * (the item first) inside one transaction, so concurrent edits of an item take turns and a completion rolls over
   * once. The item as stored afterwards; undefined when the user has no such item; DUPLICATE when the new key is a
   * feed URL the user follows already (nothing is written). An item the plan creates is created at `now`.
   */
  update(userId: string, library: LibraryName, id: string, now: number, plan: EditPlan,
    linkedId?: (item: LibraryItemRow) => string | undefined): Promise<LibraryItemRow | undefined | typeof DUPLICATE>
  /** Deletes the item; whether the user had it. */
  delete(userId: string, library: LibraryName, id: string): Promise<boolean>
}

declare module '../../lib/db/stores' {
  interface Stores {
    libraries: LibrariesStore
  }
}
