/**
 * Undoing an import that did not complete (README "Import"): its undo entries are played back newest first, a
 * few hundred per transaction, deleting the rows it inserted, putting back the check-ins it replaced, deleting the
 * own trackers, activities and sports it created (after the days that used them), and deleting the files it wrote once
 * the rows that named them are gone. The job loop does this between slices;
 * start-up recovery runs it to the end before the server answers. Entries of a completed job are only dropped.
 */
import { rmSync } from 'node:fs'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { deleteUserFile, resolveUserFile } from '../../lib/files'
import type { Pause } from '../../lib/time-slice'
import type { ImportChange } from '../check-in/store'
import { clipboardEntries } from '../clipboard/schema'
import { libraryItems } from '../libraries/schema'
import { runsBy } from './runs'
import { importUndo, type ImportUndoRow } from './schema'

const CHUNK = 500

type UndoDeps = Pick<Deps, 'db' | 'stores'>
type Job = { id: number; userId: string }

type CheckInEntry = ImportUndoRow & { kind: 'check_in' | 'check_in_values' }
const isCheckIn = (entry: ImportUndoRow): entry is CheckInEntry => entry.kind === 'check_in' || entry.kind === 'check_in_values'
type DefinitionEntry = ImportUndoRow & { kind: 'tracker' | 'activity' | 'sport' }
const isDefinition = (entry: ImportUndoRow): entry is DefinitionEntry => entry.kind === 'tracker' || entry.kind === 'activity' || entry.kind === 'sport'

/**
 * Undoes the newest `CHUNK` entries of the job; returns the files to delete now (empty when that chunk wrote
 * none) or undefined when nothing is left. The entries are played back in runs of one owner, newest first: check-ins
 * through their store, which forgets each entry in its own transaction (the journal of `undoImported`), own
 * trackers, activities and sports through theirs, the rest in one transaction of the import's. A crash keeps every entry
 * whose change is still in place.
 */
export async function undoChunk(deps: UndoDeps, job: Job): Promise<string[] | undefined> {
  const entries = deps.db.select().from(importUndo).where(eq(importUndo.jobId, job.id)).orderBy(desc(importUndo.id)).limit(CHUNK).all()
  if (entries.length === 0) return undefined
  const files: string[] = []
  for (const run of runsBy(entries, isCheckIn)) {
    if (run.matches) {
      await undoCheckIns(deps, job.userId, run.items)
      continue
    }
    for (const part of runsBy(run.items, isDefinition)) {
      if (part.matches) await undoDefinitions(deps, job.userId, part.items)
      else files.push(...undoRows(deps, part.items))
    }
  }
  return files
}

/**
 * Each created definition is deleted by its store (its values and marks with it), then its entry forgotten: a
 * crash in between leaves an entry whose deletion finds nothing (ids are never handed out twice).
 */
async function undoDefinitions(deps: UndoDeps, userId: string, run: DefinitionEntry[]): Promise<void> {
  const stores = { tracker: deps.stores.trackers, activity: deps.stores.activities, sport: deps.stores.sports }
  for (const entry of run) {
    await stores[entry.kind].remove(userId, Number(entry.target))
    deps.db.delete(importUndo).where(eq(importUndo.id, entry.id)).run()
  }
}

async function undoCheckIns(deps: UndoDeps, userId: string, run: CheckInEntry[]): Promise<void> {
  const changes = run.map((entry): ImportChange & { entryId: number } => entry.kind === 'check_in'
    ? { kind: 'inserted', id: Number(entry.target), entryId: entry.id }
    : { kind: 'replaced', id: Number(entry.target), previous: JSON.parse(entry.previous!), entryId: entry.id })
  const forget = deps.db.delete(importUndo).where(eq(importUndo.id, sql.placeholder('id'))).prepare()
  await deps.stores.checkIns.undoImported(userId, changes, (change) => forget.run({ id: change.entryId }))
}

/** Clipboard rows and library items in one transaction with the deletion of their entries; the files to delete. */
function undoRows(deps: UndoDeps, run: ImportUndoRow[]): string[] {
  return deps.db.transaction((tx) => {
    const files: string[] = []
    for (const entry of run) {
      switch (entry.kind) {
        case 'clipboard': tx.delete(clipboardEntries).where(eq(clipboardEntries.id, Number(entry.target))).run(); break
        case 'item': tx.delete(libraryItems).where(eq(libraryItems.id, entry.target)).run(); break
        case 'file': files.push(entry.target); break
      }
    }
    tx.delete(importUndo).where(inArray(importUndo.id, run.map((e) => e.id))).run()
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
export async function undoImport(deps: Deps, job: Job, pause: Pause): Promise<void> {
  for (let files = await undoChunk(deps, job); files; files = await undoChunk(deps, job)) {
    for (const path of files) await deleteUserFile(deps.config.dataDir, path).catch(() => deps.logger.warn('import: file not deleted', { path }))
    await pause()
  }
}

/** Start-up: undoes a job the process died in, before the server answers anything. */
export async function undoImportNow(deps: Deps, job: Job): Promise<void> {
  for (let files = await undoChunk(deps, job); files; files = await undoChunk(deps, job)) {
    for (const path of files) rmSync(resolveUserFile(deps.config.dataDir, path), { force: true })
  }
}

/** Drops the entries of a completed job, a chunk per slice. */
export async function forgetImport(deps: Deps, jobId: number, pause: Pause): Promise<void> {
  while (forgetChunk(deps, jobId)) await pause()
}
