/**
 * The long part of a backup, which runs on a worker thread (archive-thread.ts) so the server's event loop never
 * waits for it: VACUUM INTO through a connection of its own (synchronous, seconds on a large database), the
 * snapshot settled and fingerprinted (a read of every row), and the archive deflated and written. It gets
 * everything as plain data and answers with plain data; the run row, the lock, the name, retention and the
 * off-site copy stay with the caller.
 */
import { Database } from 'bun:sqlite'
import { rm } from 'node:fs/promises'
import { backupDatabase } from '../../lib/db/backup'
import { createHeapGuard } from '../../lib/heap-guard'
import type { SchemaVersion } from './manifest'
import { fingerprintOf, schemaVersionOf } from './snapshot'
import { writeBackupArchive, type DataFile } from './write-archive'

export interface ArchiveJob {
  /** the live database, opened here with a connection of this thread */
  databasePath: string
  /** where VACUUM INTO writes the snapshot (deleted once it is in the archive) */
  snapshotPart: string
  /** where the archive is written (the caller renames it into place) */
  archivePart: string
  runId: number
  /** the name the run records for its archive: a name in BACKUP_DIR, or the path `daybook backup FILE` writes */
  file: string
  createdAt: number
  files: DataFile[]
  appKey: Uint8Array
  /** the schedule's rule: when the snapshot's fingerprint equals this one, no archive is written */
  unchangedFrom?: string
}

export type ArchiveJobResult =
  | { status: 'unchanged'; fingerprint: string }
  | { status: 'written'; fingerprint: string; size: number; schemaVersion: SchemaVersion }

/** Thrown between files once a stop was asked for (shutdown). */
export class ArchiveStopped extends Error {
  override name = 'ArchiveStopped'
  constructor() { super('interrupted by shutdown') }
}

/**
 * The job's garbage (rows read for the fingerprint, buffers read and deflated) is collected whenever the heap has
 * grown this much: the job runs beside the server, in its process. Half the export's slack: 10 MB less peak RSS
 * at ten times a family's data (66 → 56 MB), for about 10% more time.
 */
const HEAP_SLACK = 4 * 1024 * 1024

export async function makeArchive(job: ArchiveJob, stopRequested: () => boolean): Promise<ArchiveJobResult> {
  const checkpoint = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (stopRequested()) throw new ArchiveStopped()
  }
  const live = new Database(job.databasePath, { readwrite: true, create: false })
  try {
    live.exec('PRAGMA busy_timeout = 5000')
    backupDatabase(live, job.snapshotPart)
  } finally {
    live.close()
  }
  await checkpoint()
  const schemaVersion = settleSnapshot(job.snapshotPart, job.runId, job.file, job.createdAt)
  const appKey = Buffer.from(job.appKey)
  const relieveHeap = createHeapGuard(HEAP_SLACK)
  const fingerprint = fingerprintOf(job.snapshotPart, job.files, appKey, relieveHeap)
  if (fingerprint === job.unchangedFrom) return { status: 'unchanged', fingerprint }
  await checkpoint()
  const { size } = await writeBackupArchive(job.archivePart, {
    snapshotPath: job.snapshotPart, files: job.files, appKey, schemaVersion, createdAt: job.createdAt, checkpoint, relieveHeap,
  })
  await rm(job.snapshotPart, { force: true })
  return { status: 'written', fingerprint, size, schemaVersion }
}

/**
 * The snapshot holds this run's own row, still "in-progress": in the copy it is recorded as the run that made
 * the archive, so a restored instance does not report it as interrupted. Returns the snapshot's schema version.
 */
function settleSnapshot(path: string, runId: number, file: string, now: number): SchemaVersion {
  const snapshot = new Database(path)
  try {
    snapshot.query("UPDATE backup_runs SET status = 'completed', finished_at = ?, file = ? WHERE id = ?").run(now, file, runId)
    return schemaVersionOf(snapshot)
  } finally {
    snapshot.close()
  }
}
