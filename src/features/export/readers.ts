/**
 * The job's reads, in pages of 500 rows with keyset pagination (no OFFSET scans), in the record order of
 * docs/api/export.md §10: check-ins by date, everything else by created_at then id. Check-ins and clipboard entries
 * come from their features' stores (`pageByDate`, `pageByCreated`, through the job's snapshot); the other readers
 * prepare their two statements (first page, next page) once: drizzle would otherwise prepare a new native statement
 * per page, freed only whenever the garbage collector gets to it. The own trackers, activities and sports come from their stores, as of
 * the snapshot. Each page passes the job's checkpoint first, so a stop or timeout is noticed between pages.
 */
import { and, asc, eq, gt, or, sql } from 'drizzle-orm'
import type { CheckInDay } from '../check-in/store'
import type { Definitions } from './writers/own-definitions'
import type { ClipboardRow } from '../clipboard/schema'
import { libraryItems } from '../libraries/schema'
import type { LibraryItemRow } from '../libraries/present'
import type { LibraryName } from '../libraries/fields'
import type { ExportScope } from './scope'

export const PAGE_ROWS = 500

interface Query<R> { all(values: Record<string, unknown>): R[] }

/** Pages of `PAGE_ROWS` until a short one; `page(last)` reads the page after the previous page's last row. */
async function* pages<R>(scope: ExportScope, page: (last: R | undefined) => R[] | Promise<R[]>): AsyncGenerator<R[]> {
  let last: R | undefined
  for (;;) {
    await scope.checkpoint()
    const rows = await page(last)
    if (rows.length > 0) yield rows
    if (rows.length < PAGE_ROWS) return
    last = rows[rows.length - 1]
  }
}

/** A page from the first statement, then from the next one with the cursor taken from the last row. */
const firstThenNext = <R>(first: Query<R>, next: Query<R>, cursor: (last: R) => Record<string, unknown>) =>
  (last: R | undefined) => (last === undefined ? first.all({}) : next.all(cursor(last)))

const after = (name: string) => sql.placeholder(name)

export function checkInPages(scope: ExportScope): AsyncGenerator<CheckInDay[]> {
  const { checkIns } = scope.deps.stores
  return pages(scope, (last: CheckInDay | undefined) => checkIns.pageByDate(scope.snapshot, scope.user.id, last?.date, PAGE_ROWS))
}

export function clipboardPages(scope: ExportScope, onlyImages = false): AsyncGenerator<ClipboardRow[]> {
  const { clipboard } = scope.deps.stores
  return pages(scope, (last: ClipboardRow | undefined) =>
    clipboard.pageByCreated(scope.snapshot, scope.user.id, last && { createdAt: last.createdAt, id: last.id }, PAGE_ROWS, onlyImages))
}

export function libraryPages(scope: ExportScope, library: LibraryName): AsyncGenerator<LibraryItemRow[]> {
  const l = libraryItems
  const query = (withCursor: boolean) => scope.db.select().from(l).where(and(
    eq(l.userId, scope.user.id),
    eq(l.library, library),
    withCursor ? or(gt(l.createdAt, after('createdAt')), and(eq(l.createdAt, after('createdAt')), gt(l.id, after('id')))) : undefined,
  )).orderBy(asc(l.createdAt), asc(l.id)).limit(PAGE_ROWS).prepare()
  return pages(scope, firstThenNext(query(false), query(true), (last) => ({ createdAt: last.createdAt, id: last.id })))
}

/**
 * The person's own trackers, activities and sports in their order, archived ones included, as of the job's
 * snapshot: the check-ins read from it name them by id, and a definition deleted since must still be there to name.
 */
export async function ownDefinitions(scope: ExportScope): Promise<Definitions> {
  await scope.checkpoint()
  const { trackers, activities, sports } = scope.deps.stores
  const { id } = scope.user
  return { trackers: await trackers.list(id, scope.snapshot), activities: await activities.list(id, scope.snapshot), sports: await sports.list(id, scope.snapshot) }
}

/** Rows read whole (a short list) as the one page of a file. */
export async function* onePage<T>(scope: ExportScope, rows: T[]): AsyncGenerator<T[]> {
  await scope.checkpoint()
  if (rows.length > 0) yield rows
}

/** Maps every page (presenting rows in their API shape) without collecting them. */
export async function* mapPages<R, T>(source: AsyncIterable<R[]>, fn: (row: R) => T): AsyncGenerator<T[]> {
  for await (const page of source) yield page.map(fn)
}
