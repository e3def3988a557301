/**
 * Undoing an import that did not complete (README "Import"): its undo entries are played back newest first, a
 * few hundred per transaction, deleting the rows it inserted, putting back the check-in values it replaced, and
 * deleting the files it wrote once the rows that named them are gone. The job loop does this between slices;
 * start-up recovery runs it to the end before the server answers. Entries of a completed job are only dropped.
 */
import { rmSync } from 'node:fs'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { deleteUserFile, resolveUserFile } from '../../lib/files'
import type { Pause } from '../../lib/time-slice'
import { checkIns } from '../check-in/schema'
import { clipboardEntries } from '../clipboard/schema'
import { libraryItems } from '../libraries/schema'
import { importUndo } from './schema'

const CHUNK = 500

/**
 * Undoes the newest `CHUNK` entries of the job in one transaction; returns the files to delete now (empty when
 * that chunk wrote none) or undefined when nothing is left.
 */
export function undoChunk(deps: Pick<Deps, 'db'>, jobId: number): string[] | undefined {
  return deps.db.transaction((tx) => {
    const entries = tx.select().from(importUndo).where(eq(importUndo.jobId, jobId)).orderBy(desc(importUndo.id)).limit(CHUNK).all()
    if (entries.length === 0) return undefined
    const files: string[] = []
    for (const entry of entries) {
      switch (entry.kind) {
        case 'check_in': tx.delete(checkIns).where(eq(checkIns.id, Number(entry.target))).run(); break
        case 'check_in_values': tx.update(checkIns).set(JSON.parse(entry.previous!)).where(eq(checkIns.id, Number(entry.target))).run(); break
        case 'clipboard': tx.delete(clipboardEntries).where(eq(clipboardEntries.id, Number(entry.target))).run(); break
        case 'item': tx.delete(libraryItems).where(eq(libraryItems.id, entry.target)).run(); break
        case 'file': files.push(entry.target); break
      }
    }
    tx.delete(importUndo).where(inArray(importUndo.id, entries.map((e) => e.id))).run()
    return files
  }, { behavior: 'immediate' })
}

/** Drops the entries of a job that completed, a chunk at a time: nothing is undone. */
export function forgetChunk(deps: Pick<Deps, 'db'>, jobId: number): boolean {
  const ids = deps.db.select({ id: importUndo.id }).from(importUndo).where(eq(importUndo.jobId, jobId)).limit(CHUNK * 4).all().map((r) => r.id)
  if (ids.length > 0) deps.db.delete(importUndo).where(and(eq(importUndo.jobId, jobId), inArray(importUndo.id, ids))).run()
  return ids.length > 0
}

/** Undoes a job that failed, a chunk per slice, deleting its files as it goes. */
export async function undoImport(deps: Deps, jobId: number, pause: Pause): Promise<void> {
  for (let files = undoChunk(deps, jobId); files; files = undoChunk(deps, jobId)) {
    for (const path of files) await deleteUserFile(deps.config.dataDir, path).catch(() => deps.logger.warn('import: file not deleted', { path }))
    await pause()
  }
}

/** Start-up: undoes a job the process died in, before the server answers anything. */
export function undoImportNow(deps: Deps, jobId: number): void {
  for (let files = undoChunk(deps, jobId); files; files = undoChunk(deps, jobId)) {
    for (const path of files) rmSync(resolveUserFile(deps.config.dataDir, path), { force: true })
  }
}

/** Drops the entries of a completed job, a chunk per slice. */
export async function forgetImport(deps: Deps, jobId: number, pause: Pause): Promise<void> {
  while (forgetChunk(deps, jobId)) await pause()
}
