/** Neighbours on the same side of a test: those that pass (`S`) or those that do not. */
export type Run<T, S extends T> = { matches: true; items: S[] } | { matches: false; items: Exclude<T, S>[] }

/**
 * Splits `items` into runs of neighbours on the same side of `test`, keeping their order: the import writes (and
 * undoes) check-ins through their store and the other rows in its own transactions, a run at a time.
 */
export function runsBy<T, S extends T>(items: readonly T[], test: (item: T) => item is S): Run<T, S>[] {
  const runs: { matches: boolean; items: T[] }[] = []
  for (const item of items) {
    const matches = test(item)
    const last = runs.at(-1)
    if (last?.matches === matches) last.items.push(item)
    else runs.push({ matches, items: [item] })
  }
  // Each run holds only items its `matches` says they are.
  return runs as Run<T, S>[]
}
