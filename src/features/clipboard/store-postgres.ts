import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { PgDb } from '../../lib/db/postgres/client'
import { snapshotHandle } from '../../lib/db/stores'
import { indexClipboardEntry, unindexDeletedClipboardEntries } from '../search/clipboard-docs-postgres'
import { clipboardEntriesPg as t } from './schema-postgres'
import type { ClipboardStore } from './store'

const p = sql.placeholder
const newestFirst = [desc(t.createdAt), desc(t.id)]
const count = sql<number>`count(*)`.mapWith(Number)

/**
 * The PostgreSQL engine's clipboard store: drizzle's PostgreSQL dialect on the derived twin of the table, the page's
 * and a find's statements built once with placeholders (one prepared statement per connection). Writes keep the
 * search index in step themselves (search/clipboard-docs-postgres.ts), as SQLite's triggers do: a text entry's
 * insert and its document in one transaction, a deletion of entries and of their documents in one statement.
 */
export function postgresClipboardStore(db: PgDb): ClipboardStore {
  // One statement per filter, each on its own index as on SQLite; the window count gives the total with the page
  // (one snapshot, where two statements could disagree), and a page past the end is counted apart.
  const pageOf = (filter: SQL | undefined, name: string) => ({
    rows: db.select({ ...getTableColumns(t), total: sql<number>`count(*) OVER ()`.mapWith(Number) }).from(t)
      .where(and(eq(t.userId, p('user')), filter)).orderBy(...newestFirst).limit(p('limit')).offset(p('offset')).prepare(`clipboard_page${name}`),
    total: db.select({ n: count }).from(t).where(and(eq(t.userId, p('user')), filter)).prepare(`clipboard_count${name}`),
  })
  const all = pageOf(undefined, '')
  const byType = pageOf(eq(t.type, p('type')), '_by_type')
  const find = db.select().from(t).where(and(eq(t.id, p('id')), eq(t.userId, p('user')))).prepare('clipboard_find')

  /** Deletes the entries `where` selects and their search documents, in one statement; their file paths. */
  const deleteWhere = async (where: SQL | undefined) => {
    const rows = await db.execute<{ file_path: string | null }>(sql`WITH gone AS (DELETE FROM ${t} WHERE ${where} RETURNING ${t.id}, ${t.filePath}),
      unindexed AS (${unindexDeletedClipboardEntries('gone')})
      SELECT gone.file_path FROM gone`)
    return [...rows].map((row) => row.file_path)
  }

  return {
    async page(userId, type, limit, offset) {
      const statements = type === undefined ? all : byType
      const params = { user: userId, type, limit, offset }
      const page = await statements.rows.execute(params)
      const total = page[0]?.total ?? (offset === 0 ? 0 : (await statements.total.execute(params))[0]!.n)
      return { rows: page.map(({ total: _, ...row }) => row), total }
    },
    createText: (userId, content, now) => db.transaction(async (tx) => {
      const [row] = await tx.insert(t).values({ userId, type: 'text', content, createdAt: now, updatedAt: now }).returning()
      await indexClipboardEntry(tx, row!)
      return row!
    }),
    createImage: async (userId, image, now) =>
      (await db.insert(t).values({ userId, type: 'image', content: '', ...image, createdAt: now, updatedAt: now }).returning())[0]!,
    find: async (userId, id) => (await find.execute({ user: userId, id }))[0],
    delete: async (userId, ids) => ids.length === 0 ? [] : deleteWhere(and(eq(t.userId, userId), inArray(t.id, [...ids]))),
    pruneOlderThan: (cutoff) => deleteWhere(lt(t.createdAt, cutoff)),
    pageByCreated(snapshot, userId, after, limit, onlyImages) {
      const handle = snapshotHandle(snapshot, 'postgres')
      return handle.select().from(t).where(and(
        eq(t.userId, userId),
        onlyImages ? eq(t.type, 'image') : undefined,
        after ? or(gt(t.createdAt, after.createdAt), and(eq(t.createdAt, after.createdAt), gt(t.id, after.id))) : undefined,
      )).orderBy(asc(t.createdAt), asc(t.id)).limit(limit)
    },
  }
}
