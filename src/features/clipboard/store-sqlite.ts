import { and, eq, inArray, lt } from 'drizzle-orm'
import type { Db } from '../../lib/db/client'
import { snapshotHandle } from '../../lib/db/stores'
import { clipboardEntries as t } from './schema'
import type { ClipboardStore } from './store'
import { insertTextRow, selectClipboardExportPage, selectClipboardPage } from './queries'

const filePath = { filePath: t.filePath }
const paths = (rows: { filePath: string | null }[]) => rows.map((row) => row.filePath)

/**
 * The SQLite engine's clipboard store. The page, a text entry's insert and the export's pages are statements cached
 * by bun:sqlite (queries.ts), as before the store: the clipboard page is a hot read path. Each call finishes its one
 * statement before it returns; the `async` only wraps the value. The search index follows through the migration's
 * triggers, in the same statements.
 */
export function sqliteClipboardStore(db: Db): ClipboardStore {
  return {
    page: async (userId, type, limit, offset) => selectClipboardPage(db, userId, type, limit, offset),
    createText: async (userId, content, now) => insertTextRow(db, userId, content, now),
    createImage: async (userId, image, now) =>
      db.insert(t).values({ userId, type: 'image', content: '', ...image, createdAt: now, updatedAt: now }).returning().get(),
    find: async (userId, id) => db.select().from(t).where(and(eq(t.id, id), eq(t.userId, userId))).get(),
    delete: async (userId, ids) => ids.length === 0 ? []
      : paths(db.delete(t).where(and(eq(t.userId, userId), inArray(t.id, [...ids]))).returning(filePath).all()),
    pruneOlderThan: async (cutoff) => paths(db.delete(t).where(lt(t.createdAt, cutoff)).returning(filePath).all()),
    pageByCreated: async (snapshot, userId, after, limit, onlyImages) =>
      selectClipboardExportPage(snapshotHandle(snapshot, 'sqlite'), userId, after, limit, onlyImages),
  }
}
