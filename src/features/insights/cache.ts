/**
 * Insights are computed from a person's rows on request and kept until their next check-in write (docs/api/insights.md
 * §5). Each person has a write version, bumped after every write of the check-in store (an upsert, an import's
 * batch, its undo): `countingWrites` wraps the store where the engine's stores are built, so no writer can forget it.
 * A kept result is served only while the person's version is the one it was computed at; the version is read before
 * the rows are, so a write that lands during a computation leaves that result stale at once rather than kept.
 *
 * Everything is per store instance (each test app and engine has its own) and per process: with several instances
 * the version would have to live in the database. Memory is bounded: at most MAX_KEPT results, least recently used
 * dropped first, and one integer per person who has written since the start.
 */
import type { CheckInStore } from '../check-in/store'

/** A few kilobytes each: a hundred people looking at three periods. */
export const MAX_KEPT = 300

interface Kept { version: number; value: unknown }
interface State { versions: Map<string, number>; kept: Map<string, Kept> }

const states = new WeakMap<CheckInStore, State>()

/** `store` with every write bumping the written person's version once it has finished (or failed). */
export function countingWrites(store: CheckInStore): CheckInStore {
  const state: State = { versions: new Map(), kept: new Map() }
  const bump = (userId: string) => state.versions.set(userId, (state.versions.get(userId) ?? 0) + 1)
  const counted = <A extends [string, ...unknown[]], R>(write: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => write(...args).finally(() => bump(args[0]))
  const wrapped: CheckInStore = {
    ...store,
    upsert: counted(store.upsert),
    importEntries: counted(store.importEntries),
    undoImported: counted(store.undoImported) as CheckInStore['undoImported'],
  }
  states.set(wrapped, state)
  return wrapped
}

/**
 * The result kept for `key` if the person has not written since, else `compute()`'s, kept. A store not built with
 * `countingWrites` has no versions: nothing is kept, every call computes.
 */
export async function kept<T>(store: CheckInStore, userId: string, key: string, compute: () => Promise<T>): Promise<T> {
  const state = states.get(store)
  if (!state) return compute()
  const version = state.versions.get(userId) ?? 0
  const id = `${userId}\n${key}`
  const hit = state.kept.get(id)
  if (hit && hit.version === version) {
    // Map keeps insertion order: moved to the end, it is the most recently used.
    state.kept.delete(id)
    state.kept.set(id, hit)
    return hit.value as T
  }
  const value = await compute()
  state.kept.delete(id)
  state.kept.set(id, { version, value })
  if (state.kept.size > MAX_KEPT) state.kept.delete(state.kept.keys().next().value!)
  return value
}
