import type { ReadSnapshot } from '../../lib/db/stores'
import type { ClipboardRow } from './schema'

export type ClipboardType = ClipboardRow['type']

/** An image entry's stored file, as the verb wrote it: its path under the data folder, what it is, how big. */
export interface StoredImage {
  filePath: string
  mimeType: string
  sizeBytes: number
}

/** Where an export's previous page ended: its last row's creation time and id (keyset paging). */
export interface ClipboardCursor {
  createdAt: number
  id: number
}

/**
 * The clipboard's data access (docs/scaling.md, plan step 5): one async interface, one implementation per engine
 * (store-sqlite.ts, store-postgres.ts), proved alike by one suite against both (test/scaling/clipboard-store.test.ts).
 * Every call but `pruneOlderThan` is scoped to the user it is given (another user's id is never found or deleted), and
 * each is one unit of work. Image files stay with the verbs: a store only keeps their paths, and hands back the paths
 * of the rows it deleted, so that the verb deletes the files after the rows (a crash leaves a file nobody points at,
 * never an entry without its file).
 *
 * The search index: on SQLite the migration's triggers write `search_docs` from `clipboard_entries`; on PostgreSQL,
 * which has no such triggers, the store writes a text entry's document itself in the same transaction as the entry
 * (search/clipboard-docs-postgres.ts).
 *
 * Still outside it, inside the import's own synchronous transaction on `deps.db` (plan step 11): the import's
 * duplicate checks and inserts (import/statements.ts) and its undo (import/undo.ts).
 */
export interface ClipboardStore {
  /**
   * One page of the user's entries (only `type`'s, when given), newest first, ties by the higher id first: at most
   * `limit` from `offset`, and how many there are in all.
   */
  page(userId: string, type: ClipboardType | undefined, limit: number, offset: number): Promise<{ rows: ClipboardRow[]; total: number }>
  /** A new text entry with `content` exactly as given, both times `now`; the row as stored. */
  createText(userId: string, content: string, now: number): Promise<ClipboardRow>
  /** A new image entry for a file the verb has stored, both times `now`; the row as stored. */
  createImage(userId: string, image: StoredImage, now: number): Promise<ClipboardRow>
  /** The user's entry with this id, if there is one. */
  find(userId: string, id: number): Promise<ClipboardRow | undefined>
  /** Deletes those of `ids` that are the user's entries; the file path of each one deleted (null: a text entry). */
  delete(userId: string, ids: readonly number[]): Promise<(string | null)[]>
  /** Deletes every user's entries created before `cutoff` (epoch ms); the file path of each one deleted (null: a text). */
  pruneOlderThan(cutoff: number): Promise<(string | null)[]>
  /**
   * One page of the user's entries (only images, with `onlyImages`) in creation order, ties by id, as of
   * `snapshot`: at most `limit` after `after` (the last row of the previous page; none for the first). Keyset
   * paging on the (user_id, created_at, id) index, so every page of an export costs the same.
   */
  pageByCreated(snapshot: ReadSnapshot, userId: string, after: ClipboardCursor | undefined, limit: number, onlyImages: boolean): Promise<ClipboardRow[]>
}

declare module '../../lib/db/stores' {
  interface Stores {
    clipboard: ClipboardStore
  }
}
