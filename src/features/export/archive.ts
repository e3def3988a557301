/**
 * Writes one job's archive (docs/api/export.md §10) as a stream to `exports/tmp/export_{id}.zip.part`: each supported
 * feature's files in job order, then data.json, then manifest.json, all read from one snapshot. Returns the
 * part file's path and size; the caller renames it into place. On failure the part file is deleted.
 */
import { mkdir, rm, stat } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { PRIVATE_DIR_MODE } from '../../data-dir'
import type { Deps } from '../../lib/deps'
import { users } from '../users/schema'
import { SKIPPED_FEATURES, isSupportedFeature } from './features'
import { partPath, exportsTmpDir } from './paths'
import { openSnapshot } from './snapshot'
import type { ExportScope, FeatureResult } from './scope'
import type { Pause } from '../../lib/time-slice'
import { FileSink } from '../../lib/zip/file-sink'
import { ZipWriter } from '../../lib/zip/zip-writer'
import { FEATURE_WRITERS } from './writers/index'
import { writeDataJson } from './writers/data-json'
import { manifestJson } from './writers/manifest'

export interface ArchiveJob { id: number; userId: string; createdAt: number; features: string[] }

export interface ArchiveOptions {
  checkpoint(): Promise<void>
  pause: Pause
  /** ZIP64 end records even for small archives (tests of the ZIP64 path) */
  forceZip64?: boolean
}

/** Thrown when the job's user (and with it the job) no longer exists. */
export class ExportGoneError extends Error {
  constructor() { super('the export job or its user no longer exists') }
}

export async function writeArchive(deps: Deps, job: ArchiveJob, options: ArchiveOptions): Promise<{ path: string; size: number }> {
  const path = partPath(deps.config.dataDir, job.id)
  await mkdir(exportsTmpDir(deps.config.dataDir), { recursive: true, mode: PRIVATE_DIR_MODE })
  const snapshot = openSnapshot(deps.db)
  let sink: FileSink | undefined
  try {
    const user = snapshot.db.select().from(users).where(eq(users.id, job.userId)).get()
    if (!user) throw new ExportGoneError()
    const snapshotAt = deps.clock.now()
    sink = await FileSink.create(path)
    const zip = new ZipWriter(sink, { mtime: snapshotAt, forceZip64: options.forceZip64 })
    const scope: ExportScope = {
      deps, db: snapshot.db, snapshot: snapshot.read, jobId: job.id, user, zip, dir: `export_${job.id}/`, checkpoint: options.checkpoint, pause: options.pause,
      missingImages: new Set(),
    }
    const supported = job.features.filter(isSupportedFeature)
    const results: (FeatureResult & { name: string })[] = []
    for (const name of supported) {
      await options.checkpoint()
      results.push({ name, ...await FEATURE_WRITERS[name].writeFiles(scope) })
    }
    await writeDataJson(scope, supported, snapshotAt)
    await options.checkpoint()
    const skipped = job.features.filter((f) => (SKIPPED_FEATURES as readonly string[]).includes(f))
    await zip.text(`${scope.dir}manifest.json`, manifestJson(scope, {
      requestedAt: job.createdAt, generatedAt: deps.clock.now(), features: results, skipped,
    }))
    await zip.finish()
    await sink.close()
    sink = undefined
    return { path, size: (await stat(path)).size }
  } catch (err) {
    await sink?.abort()
    await rm(path, { force: true }).catch(() => {})
    throw err
  } finally {
    snapshot.close()
  }
}
