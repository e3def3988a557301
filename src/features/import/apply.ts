/**
 * Writes a checked archive into one user's account (README "Import"), as the archive is read: records are
 * gathered into batches of a few hundred, and each batch is one short write transaction that also records how to
 * undo it (undo.ts), so no request waits behind the import for more than a batch. One's own trackers,
 * activities and sports are matched or created first (own-trackers.ts), each create journaled in its own unit of
 * work, and a day's values, activities and sports go over in the person's ids. Check-ins are written by their
 * feature's store (`importEntries`), which hands each change to the journal inside its own transaction; clipboard
 * entries and library items go in the import's. An image file is recorded for undoing before it is written. The
 * profile's settings and image and the job's completion go in a last transaction; a job that fails before it is
 * undone (run-job.ts), so the user sees all of the archive or none. Never touches friends, tokens, passkeys or
 * another user's rows.
 */
import { readFile } from 'node:fs/promises'
import { and, eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { uuidv7 } from '../../lib/crypto'
import { newUserFilePath, resolveUserFile, writeUserFile } from '../../lib/files'
import type { Pause } from '../../lib/time-slice'
import type { ImportChange, ImportedCheckIn } from '../check-in/store'
import { ownValueCount } from '../check-in/import-rule'
import { users } from '../users/schema'
import type { ArchiveSummary, Image, ImportSink } from './archive'
import type { SettingsColumns } from './profile-settings'
import type { ActivityRecord, CheckInRecord, ClipboardRecord, ItemRecord, SportRecord, TrackerRecord } from './records'
import { OwnTrackers } from './own-trackers'
import { importJobs, type ImportUndoRow } from './schema'
import { runsBy } from './runs'
import { importStatements, type ImportStatements } from './statements'

export interface KindCounts { imported: number; skipped: number; refused: number; refused_why: string[] }
export type ImportCounts = Record<string, KindCounts>

type Job = { id: number; userId: string; mode: 'merge' | 'replace'; withSettings: boolean }
type Pending =
  | { kind: 'checkIn'; record: ImportedCheckIn }
  | { kind: 'clipboard'; record: ClipboardRecord; path?: string }
  | { kind: 'item'; record: ItemRecord; id: string }
type CheckInPending = Extract<Pending, { kind: 'checkIn' }>

/** records per write transaction: each takes a few milliseconds */
const BATCH = 250

const zero = (): KindCounts => ({ imported: 0, skipped: 0, refused: 0, refused_why: [] })

/**
 * A uuidv7 after `previous`: items of one millisecond keep the archive's order when sorted by id. uuidv7 is random
 * after the time, so the next one is the previous plus one in its low 64 bits (its variant bits would only change
 * after 2^62 items of one millisecond).
 */
function idAfter(previous: string): string {
  const hex = previous.replaceAll('-', '')
  const low = (BigInt(`0x${hex.slice(16)}`) + 1n).toString(16).padStart(16, '0')
  const h = hex.slice(0, 16) + low
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export class ImportWriter implements ImportSink {
  readonly counts: ImportCounts = {}
  private pending: Pending[] = []
  private lastItem: { library: string; createdAt: number; id: string } | undefined
  private settings: SettingsColumns | undefined
  private profileImage: { image: Image; path: string | undefined } | undefined
  private shownProgress = 5
  /** own-tracker values of the written check-ins, and of those skipped */
  private readonly values = { imported: 0, skipped: 0 }

  private readonly sql: ImportStatements
  private readonly own: OwnTrackers

  /** `fill`: an existing date takes what it has none of (an import from another app with mode merge, README). */
  constructor(private readonly deps: Deps, private readonly job: Job, private readonly pause: Pause, private readonly fill = false) {
    this.sql = importStatements(deps.db)
    // On SQLite the definition store calls this inside its create's transaction, on the same connection.
    this.own = new OwnTrackers(deps, job.userId, (kind, id) => this.undo(kind, String(id)))
  }

  private count(kind: string): KindCounts {
    return (this.counts[kind] ??= zero())
  }

  tracker(record: TrackerRecord) {
    return this.own.tracker(record)
  }

  activity(record: ActivityRecord) {
    return this.own.activity(record)
  }

  sport(record: SportRecord) {
    return this.own.sport(record)
  }

  /** A day in the person's ids: the definitions come before the check-ins in data.json, so they are all known. */
  checkIn(record: CheckInRecord) {
    const { own, ...entry } = record
    return this.add({ kind: 'checkIn', record: { ...entry, extras: this.own.dayExtras(entry.date, own) } })
  }

  async clipboard(record: ClipboardRecord) {
    if (!record.image) return this.add({ kind: 'clipboard', record })
    // Whether the image is already there depends on the rows before it: they are written first.
    await this.flush()
    if (this.clipboardPresent(record)) {
      this.count('clipboard').skipped++
      return
    }
    const path = await this.writeFile('clipboard', record.image)
    return this.add({ kind: 'clipboard', record, path })
  }

  item(record: ItemRecord) {
    const last = this.lastItem
    const id = last && last.library === record.library && last.createdAt === record.createdAt ? idAfter(last.id) : uuidv7(record.createdAt)
    this.lastItem = { library: record.library, createdAt: record.createdAt, id }
    return this.add({ kind: 'item', record, id })
  }

  /** Only when the person asked for them: otherwise the account keeps its own (and nothing is counted). */
  async profile(settings: SettingsColumns, image: Image | undefined) {
    if (!this.job.withSettings) return
    this.settings = settings
    if (!image) return
    const user = this.deps.db.select({ path: users.profileImagePath }).from(users).where(eq(users.id, this.job.userId)).get()
    const current = user?.path ? await readFile(resolveUserFile(this.deps.config.dataDir, user.path)).catch(() => undefined) : undefined
    const same = current !== undefined && current.length === image.bytes.length && Buffer.compare(current, image.bytes) === 0
    this.profileImage = { image, path: same ? undefined : await this.writeFile('profile', image) }
  }

  /**
   * After the archive is through: the last batch, then settings, profile image and the job's completion in one
   * transaction. Returns the profile image it replaced (to delete).
   */
  async complete(summary: ArchiveSummary): Promise<string | undefined> {
    await this.flush()
    // The counts in the archive's order of features, a profile counting its settings and its image.
    const counted = { ...this.counts }
    for (const key of Object.keys(this.counts)) delete this.counts[key]
    const own = this.own.report(this.values)
    for (const feature of summary.features) {
      if (feature === 'checkIn') {
        Object.assign(this.counts, { trackers: own.trackers, activities: own.activities, sports: own.sports, checkIn: counted.checkIn ?? zero(), values: own.values })
        continue
      }
      const kinds = feature !== 'profile' ? [feature] : this.job.withSettings ? ['settings', 'profile_image'] : []
      for (const kind of kinds) this.counts[kind] = counted[kind] ?? zero()
    }
    for (const [kind, refused] of Object.entries(summary.refused)) {
      const c = this.count(kind)
      c.refused += refused!.count
      c.refused_why.push(...refused!.why)
    }
    const { db, clock } = this.deps
    const userId = this.job.userId
    return db.transaction((tx) => {
      const now = clock.now()
      const current = tx.select().from(users).where(eq(users.id, userId)).get()
      if (!current) throw new Error('the user of the import no longer exists')
      if (this.settings) {
        const changed = (Object.keys(this.settings) as (keyof SettingsColumns)[]).some((k) => current[k] !== this.settings![k])
        if (changed) tx.update(users).set({ ...this.settings, updatedAt: now }).where(eq(users.id, userId)).run()
        this.count('settings')[changed ? 'imported' : 'skipped']++
      }
      let replaced: string | undefined
      if (this.profileImage) {
        const { path } = this.profileImage
        if (path) {
          replaced = current.profileImagePath ?? undefined
          tx.update(users).set({ profileImagePath: path, updatedAt: now }).where(eq(users.id, userId)).run()
        }
        this.count('profile_image')[path ? 'imported' : 'skipped']++
      }
      tx.update(importJobs).set({ status: 'completed', progress: 100, completedAt: now, counts: JSON.stringify(this.counts), error: null })
        .where(and(eq(importJobs.id, this.job.id), eq(importJobs.status, 'in-progress'))).run()
      return replaced
    }, { behavior: 'immediate' })
  }

  /** data.json's progress as the job's 5–95 %, written when it has moved by 5. */
  progress(fraction: number) {
    const progress = 5 + Math.floor(Math.min(1, fraction) * 18) * 5
    if (progress === this.shownProgress) return
    this.shownProgress = progress
    this.deps.db.update(importJobs).set({ progress }).where(and(eq(importJobs.id, this.job.id), eq(importJobs.status, 'in-progress'))).run()
  }

  private async add(entry: Pending) {
    this.pending.push(entry)
    if (this.pending.length >= BATCH) await this.flush()
    await this.pause()
  }

  /** The file goes on the undo list before it exists, so a crash while writing it leaves nothing behind. */
  private async writeFile(kind: 'clipboard' | 'profile', image: Image): Promise<string> {
    const path = newUserFilePath(this.job.userId, kind, image.info.ext)
    this.undo('file', path)
    await writeUserFile(this.deps.config.dataDir, path, image.bytes)
    return path
  }

  private undo(kind: ImportUndoRow['kind'], target: string, previous: string | null = null): void {
    this.sql.undo.run({ jobId: this.job.id, kind, target, previous })
  }

  private clipboardPresent(record: ClipboardRecord): boolean {
    const at = { userId: this.job.userId, type: record.type, createdAt: record.createdAt }
    const found = record.image ? this.sql.imagePresent.get({ ...at, size: record.image.bytes.length }) : this.sql.textPresent.get({ ...at, content: record.content })
    return found !== undefined
  }

  /**
   * Writes the gathered records with their undo entries: each run of check-ins in one transaction of the check-in
   * store, each run of other rows in one of the import's. data.json lists the features one after another, so a
   * batch mixes kinds only where one feature ends, and the records keep their order.
   */
  private async flush(): Promise<void> {
    if (this.pending.length === 0) return
    const batch = this.pending
    this.pending = []
    for (const run of runsBy(batch, (entry): entry is CheckInPending => entry.kind === 'checkIn')) {
      if (run.matches) await this.writeCheckIns(run.items)
      else this.writeRows(run.items)
    }
  }

  /** An existing date keeps its values unless mode=replace (or fill); the journal runs in the store's transaction. */
  private async writeCheckIns(run: CheckInPending[]): Promise<void> {
    const { userId, mode } = this.job
    const journal = (change: ImportChange) => change.kind === 'inserted'
      ? this.undo('check_in', String(change.id))
      : this.undo('check_in_values', String(change.id), JSON.stringify(change.previous))
    const entries = run.map((p) => p.record)
    const { imported, skipped, ownValues } = await this.deps.stores.checkIns.importEntries(userId, entries,
      { replace: mode === 'replace', fill: this.fill && mode === 'merge', now: this.deps.clock.now() }, journal)
    const counts = this.count('checkIn')
    counts.imported += imported
    counts.skipped += skipped
    this.values.imported += ownValues
    this.values.skipped += entries.reduce((sum, entry) => sum + ownValueCount(entry.extras), 0) - ownValues
  }

  private writeRows(run: Exclude<Pending, CheckInPending>[]): void {
    this.deps.db.transaction(() => {
      for (const entry of run) {
        if (entry.kind === 'clipboard') this.writeClipboard(entry.record, entry.path)
        else this.writeItem(entry.record, entry.id)
      }
    }, { behavior: 'immediate' })
  }

  /** The same text (or an image of the same size, checked before its file was written) at the same time is there. */
  private writeClipboard(record: ClipboardRecord, path: string | undefined): void {
    const counts = this.count('clipboard')
    if (!record.image && this.clipboardPresent(record)) { counts.skipped++; return }
    const image = record.image
    const { id } = this.sql.insertClipboard.get({
      userId: this.job.userId, type: record.type, content: record.content, filePath: image ? path! : null, mimeType: image?.info.mime ?? null,
      sizeBytes: image?.bytes.length ?? null, createdAt: record.createdAt, updatedAt: record.updatedAt,
    })!
    this.undo('clipboard', String(id))
    counts.imported++
  }

  /** The same item at the same time is there; a feed URL once per user (the feeds rule). */
  private writeItem(record: ItemRecord, id: string): void {
    const counts = this.count(record.library)
    const data = JSON.stringify(record.data)
    const key = { userId: this.job.userId, library: record.library }
    const present = record.dedupeKey === null
      ? this.sql.itemPresent.get({ ...key, createdAt: record.createdAt, data })
      : this.sql.feedPresent.get({ ...key, dedupeKey: record.dedupeKey })
    if (present) { counts.skipped++; return }
    this.sql.insertItem.run({ ...key, id, data, dedupeKey: record.dedupeKey, createdAt: record.createdAt, updatedAt: record.updatedAt })
    this.undo('item', id)
    counts.imported++
  }
}
