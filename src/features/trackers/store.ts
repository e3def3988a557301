import type { ReadSnapshot } from '../../lib/db/stores'
import type { ActivityRow, NewActivity, NewSport, NewTracker, SportRow, TrackerRow } from './schema'

/** The columns a new definition needs; `id` and `position` come from the store (the end of the person's order). */
export type NewDefinition<Insert> = Omit<Insert, 'id' | 'position'>

/**
 * A person's definitions of one kind, trackers, activities or sports (docs/scaling.md: one async interface, one
 * implementation per engine, store-sqlite.ts and store-postgres.ts, proved alike by one suite run against both,
 * test/scaling/trackers-store.test.ts). Every call is scoped to its user; each is one unit of work.
 */
export interface DefinitionStore<Row, Insert> {
  /** The user's definitions in their order (`position`, then creation); as of `snapshot` when given (the export's). */
  list(userId: string, snapshot?: ReadSnapshot): Promise<Row[]>
  find(userId: string, id: number): Promise<Row | undefined>
  /**
   * Appends a definition to the user's order, unless the user has `limit` of them already or the name is taken
   * (case-insensitively): counting and inserting are one unit of work, so concurrent creates never pass the limit.
   * `journal` gets the new row inside that unit of work, before it commits — the import records how to undo the
   * create with it, with the guarantees the check-in store's `importEntries` gives its journal (check-in/store.ts).
   */
  create(values: NewDefinition<Insert>, limit: number, journal?: (row: Row) => void): Promise<Row | 'limit_reached' | 'name_taken'>
  /** Sets the given columns (and `updated_at`); undefined when the user has no such definition. */
  update(userId: string, id: number, patch: Partial<Insert>): Promise<Row | undefined | 'name_taken'>
  /** Deletes it with every value recorded for it (the foreign keys cascade); whether it existed. */
  remove(userId: string, id: number): Promise<boolean>
}

export type TrackerStore = DefinitionStore<TrackerRow, NewTracker>
export type ActivityStore = DefinitionStore<ActivityRow, NewActivity>
export type SportStore = DefinitionStore<SportRow, NewSport>

declare module '../../lib/db/stores' {
  interface Stores {
    trackers: TrackerStore
    activities: ActivityStore
    sports: SportStore
  }
}
