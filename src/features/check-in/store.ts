import type { ReadSnapshot } from '../../lib/db/stores'
import type { CheckInRow } from './schema'
import type { TrackerProp } from './trackers'

/** The trackers a request sent: a number sets the tracker, null clears it, an absent key keeps it. */
export type SentTrackers = Partial<Record<TrackerProp, number | null>>

/**
 * What a request sent beyond the twelve (docs/api/check-in.md §5); an absent key keeps what is stored. The verb has
 * checked every id against the person's definitions; the store still writes only ids of the entry's user.
 */
export interface SentExtras {
  /** tracker id → value (null clears that one); null clears every value of the day */
  values?: ReadonlyMap<number, number | null> | null
  /** the day's activities, replacing the stored set; null clears them */
  activities?: readonly number[] | null
  /** the day's note; null clears it */
  note?: string | null
  /** the day's sports after `sports` (sent with it), replacing the stored ones; empty or null clears them */
  moreSports?: readonly number[] | null
}

/** An entry with what belongs to it: its own trackers' values (tracker id → value) and its activities' ids. */
export interface CheckInDay extends CheckInRow {
  values: Record<number, number>
  activities: number[]
}

/** Every tracker of an entry (null: not tracked). */
export type TrackerValues = Record<TrackerProp, number | null>

/**
 * What an archive's entry says beyond the twelve, in the person's own ids (the import has matched the archive's
 * definitions to theirs): a value for each tracker the archive speaks for, null where its day has none; whether
 * the day has each activity the archive speaks for; its note (absent: the archive says nothing of notes); its
 * sports after `sports` (absent: the archive says nothing of `sport_ids`), which replace the day's as the note does.
 * Trackers and activities it does not name keep what they have.
 */
export interface ImportedExtras {
  values: ReadonlyMap<number, number | null>
  activities: ReadonlyMap<number, boolean>
  note?: string | null
  moreSports?: readonly number[]
}

/** An entry of an export archive, as the import writes it: its own times are kept. */
export interface ImportedCheckIn { date: string; values: TrackerValues; createdAt: number; updatedAt: number; extras?: ImportedExtras }

/**
 * What a replacement changed, as it was: the trackers and `updated_at`, and — when the archive's entry had
 * extras — the note and every value and activity of the day, and its further sports (the stored column) when the
 * archive spoke of them.
 */
export type Replaced = TrackerValues & {
  updatedAt: number; note?: string | null; values?: Record<number, number>; activities?: number[]; moreSports?: string | null
}

/**
 * What an import changed, for its undo journal: an entry it inserted, or an existing one it replaced
 * (`previous`: what it had, to put back).
 */
export type ImportChange =
  | { kind: 'inserted'; id: number }
  | { kind: 'replaced'; id: number; previous: Replaced }

/**
 * The check-in feature's data access (docs/scaling.md): one async interface, one implementation per engine
 * (store-sqlite.ts, store-postgres.ts), the same behaviour proved by one suite run against both
 * (test/scaling/check-in-store.test.ts). Each method is one unit of work — a single statement, or one
 * transaction for the import's batches — and every query is scoped to the user it is given. Rows come back in
 * the same shape from both engines (`CheckInRow`, epoch-ms numbers), so the verbs and the presenter are shared.
 * No other feature reads or writes `check_ins`: the export, the import and the reminders come through here.
 *
 * The import's journal. `importEntries` hands every change to a synchronous `journal(change)` before its unit
 * of work commits, and `undoImported` hands over each change it undid, so that the import can record how to undo
 * a write, and forget the record once undone, without a crash ever leaving a change unrecorded (README "Import of
 * an export"). What holds depends on the engine:
 * - SQLite: both call the journal inside their one `BEGIN IMMEDIATE` transaction, on the connection the stores
 *   were built on, which is also `deps.db` (runtime.ts builds both from one connection). A journal writing through
 *   `deps.db` therefore writes into the same transaction: a change and its journal entry (or an undo and the
 *   entry's deletion) commit together or not at all, and a journal that throws rolls the whole unit back.
 * - PostgreSQL: the import's own tables (`import_jobs`, `import_undo`) are not ported yet (issue "Every feature on
 *   PostgreSQL"), so its journal would write into another database, outside the store's transaction. The calls are
 *   ordered so that a crash between the two databases can only leave a record too many, never a change unrecorded:
 *   `importEntries` journals inside its transaction, before COMMIT (a journal that throws rolls it back), and
 *   `undoImported` hands the changes over only after its COMMIT (a journal that throws then undoes nothing more).
 *   This needs the journal's write to be durable when it returns (an autocommitted SQLite insert is). A record
 *   too many is harmless to play back: a rolled-back insert's id is never handed out again (identity values are not
 *   rolled back), so deleting it finds nothing; an undone change undone again writes the same values; a replacement
 *   that never committed gets back the values it read, still the row's unless the person changed them since. When
 *   the import's tables are ported, its journal must write on the store's transaction to get SQLite's guarantee.
 */
export interface CheckInStore {
  /** The user's entries with from ≤ date ≤ to (each bound optional, inclusive), newest date first. */
  list(userId: string, from?: string, to?: string): Promise<CheckInDay[]>
  /** The same entries as their rows: values and activities as the JSON text the row keeps (the list's answer copies it). */
  listStored(userId: string, from?: string, to?: string): Promise<CheckInRow[]>
  /**
   * Creates the entry of (user, date), trackers not sent null, or sets only the sent trackers (and note) and
   * `updated_at` on the existing one — one atomic `INSERT … ON CONFLICT (user_id, date) DO UPDATE … RETURNING`, so
   * concurrent calls never make two entries and each tracker keeps its last write. Sent values and activities are
   * written in the same unit of work, after the entry's row (whose write locks it: concurrent calls for one date
   * take turns). With `fill`, only what the day has no value for is set, in the same unit of work: of two such
   * writes of one tracker the first one's value stays (a reminder's answer, reminder-answers/answer.ts). The entry
   * as stored afterwards.
   */
  upsert(userId: string, date: string, sent: SentTrackers, now: number, extras?: SentExtras, options?: { fill?: boolean }): Promise<CheckInDay>
  /** Whether the user has an entry for `date`. */
  hasOn(userId: string, date: string): Promise<boolean>
  /**
   * One page of the user's entries in date order (oldest first), as of `snapshot`: at most `limit` entries with a
   * date after `afterDate` (the last date of the previous page; none for the first). Keyset paging on the
   * (user_id, date) index, so every page costs the same however far the export has got.
   */
  pageByDate(snapshot: ReadSnapshot, userId: string, afterDate: string | undefined, limit: number): Promise<CheckInDay[]>
  /**
   * Writes a batch of archive entries in one unit of work, in order: a date the user has no entry for is
   * inserted with the archive's times, note, sports, values and activities; an existing date keeps everything unless
   * `replace`, and then takes the archive's trackers, note, sports and the values and activities the archive speaks for,
   * with `updated_at` = `now` — unless that changes nothing; or, with `fill`, takes only what it has none of
   * (import-rule.ts, filledEntry). Only ids of the user's own trackers and activities
   * are written; the further sports are written as given, as a post's are (the import has mapped them to the
   * user's own sports and the built-in codes). Every insert and replacement is handed to `journal` inside the
   * unit of work, before it commits (see above for what that guarantees). `ownValues`: how many own-tracker
   * values the written entries carry.
   */
  importEntries(userId: string, entries: readonly ImportedCheckIn[], options: { replace: boolean; fill?: boolean; now: number },
    journal: (change: ImportChange) => void): Promise<{ imported: number; skipped: number; ownValues: number }>
  /**
   * Undoes an import's changes of the user in one unit of work, in the order given (an inserted entry is deleted,
   * a replaced one gets back what it had), handing each to `journal` once it is undone: on SQLite inside
   * the unit of work, on PostgreSQL after it has committed (see above).
   */
  undoImported<C extends ImportChange>(userId: string, changes: readonly C[], journal: (change: C) => void): Promise<void>
}

declare module '../../lib/db/stores' {
  interface Stores {
    checkIns: CheckInStore
  }
}
