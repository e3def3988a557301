import type { Deps } from '../../lib/deps'
import type { Db } from '../../lib/db/client'
import type { ReadSnapshot } from '../../lib/db/stores'
import type { UserRow } from '../users/schema'
import type { ZipWriter } from '../../lib/zip/zip-writer'
import type { Pause } from '../../lib/time-slice'

/** Everything a feature writer needs while one archive is written. */
export interface ExportScope {
  deps: Deps
  /** the job's read snapshot (snapshot.ts) */
  db: Db
  /** the same snapshot, for the feature stores' paged reads */
  snapshot: ReadSnapshot
  jobId: number
  user: UserRow
  zip: ZipWriter
  /** the archive's top folder, `export_{id}/` */
  dir: string
  /** throws when the job must stop (shutdown, timeout, job deleted with its user); called between pages */
  checkpoint(): Promise<void>
  /** yields to the event loop once the job's time slice is used up; called between small steps (a piece of text, a note) */
  pause: Pause
  /** clipboard image entries whose file was missing on disk (no file in the archive) */
  missingImages: Set<number>
}

/**
 * What a feature wrote: records and files (relative to the export folder; a folder as `notes/`), and the counts of
 * other records it carries (checkIn: its `trackers`, `activities` and `sports`), which the manifest lists after `files`.
 */
export interface FeatureResult { count: number; files: string[]; more?: Record<string, number> }

/** The feature's value in data.json: records page by page, or one object (profile). */
export type FeatureData = { pages: AsyncIterable<unknown[]> } | { object: unknown }

export interface FeatureWriter {
  writeFiles(scope: ExportScope): Promise<FeatureResult>
  data(scope: ExportScope): FeatureData | Promise<FeatureData>
  /**
   * Keys of data.json written just before the feature's own, for records its own refer to (checkIn: the
   * tracker, activity and sport definitions its entries' ids name), so that a reader of the stream knows them first.
   */
  before?(scope: ExportScope): Promise<{ key: string; data: FeatureData }[]>
}
