/**
 * The job's statements, prepared once per job: an import runs each of them once per record, and building the
 * SQL of a drizzle query again for each of 75,000 records cost more than the writing itself. Check-ins are not
 * here: their store writes them with its own cached statements (src/features/check-in/queries.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../lib/db/client'
import { clipboardEntries } from '../clipboard/schema'
import { libraryItems } from '../libraries/schema'
import { importUndo } from './schema'

const p = (name: string) => sql.placeholder(name)

export function importStatements(db: Db) {
  const clipboardAt = and(eq(clipboardEntries.userId, p('userId')), eq(clipboardEntries.type, p('type')), eq(clipboardEntries.createdAt, p('createdAt')))
  return {
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
