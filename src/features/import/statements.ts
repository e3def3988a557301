/**
 * The job's statements, prepared once per job: an import runs each of them once per record, and building the
 * SQL of a drizzle query again for each of 75,000 records cost more than the writing itself.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../lib/db/client'
import { checkIns } from '../check-in/schema'
import { TRACKERS, type TrackerProp } from '../check-in/trackers'
import { clipboardEntries } from '../clipboard/schema'
import { libraryItems } from '../libraries/schema'
import { importUndo } from './schema'

const p = (name: string) => sql.placeholder(name)
const trackerPlaceholders = Object.fromEntries(TRACKERS.map((t) => [t.prop, p(t.prop)])) as Record<TrackerProp, ReturnType<typeof p>>

export function importStatements(db: Db) {
  const clipboardAt = and(eq(clipboardEntries.userId, p('userId')), eq(clipboardEntries.type, p('type')), eq(clipboardEntries.createdAt, p('createdAt')))
  return {
    checkInOn: db.select().from(checkIns).where(and(eq(checkIns.userId, p('userId')), eq(checkIns.date, p('date')))).prepare(),
    insertCheckIn: db.insert(checkIns).values({
      userId: p('userId'), date: p('date'), ...trackerPlaceholders, createdAt: p('createdAt'), updatedAt: p('updatedAt'),
    }).returning({ id: checkIns.id }).prepare(),
    textPresent: db.select({ id: clipboardEntries.id }).from(clipboardEntries).where(and(clipboardAt, eq(clipboardEntries.content, p('content')))).prepare(),
    imagePresent: db.select({ id: clipboardEntries.id }).from(clipboardEntries).where(and(clipboardAt, eq(clipboardEntries.sizeBytes, p('size')))).prepare(),
    insertClipboard: db.insert(clipboardEntries).values({
      userId: p('userId'), type: p('type'), content: p('content'), filePath: p('filePath'), mimeType: p('mimeType'), sizeBytes: p('sizeBytes'),
      createdAt: p('createdAt'), updatedAt: p('updatedAt'),
    }).returning({ id: clipboardEntries.id }).prepare(),
    itemPresent: db.select({ id: libraryItems.id }).from(libraryItems).where(and(eq(libraryItems.userId, p('userId')), eq(libraryItems.library, p('library')),
      eq(libraryItems.createdAt, p('createdAt')), eq(libraryItems.data, p('data')))).prepare(),
    feedPresent: db.select({ id: libraryItems.id }).from(libraryItems).where(and(eq(libraryItems.userId, p('userId')), eq(libraryItems.library, p('library')),
      eq(libraryItems.dedupeKey, p('dedupeKey')))).prepare(),
    insertItem: db.insert(libraryItems).values({
      id: p('id'), userId: p('userId'), library: p('library'), data: p('data'), dedupeKey: p('dedupeKey'), createdAt: p('createdAt'), updatedAt: p('updatedAt'),
    }).prepare(),
    undo: db.insert(importUndo).values({ jobId: p('jobId'), kind: p('kind'), target: p('target'), previous: p('previous') }).prepare(),
  }
}

export type ImportStatements = ReturnType<typeof importStatements>
