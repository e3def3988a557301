import type { Actor } from '../../lib/actor'
import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import type { Unchecked } from '../../lib/validation'
import { createdOrRefused, updatedOrRefused } from './refusals'
import { kindColumns } from './kinds'
import { CreateTrackerBody, MAX_TRACKERS, UpdateTrackerBody } from './model'
import { commonPatch, idOf, nameKey } from './names'
import { presentTracker } from './present'
import type { TrackerRow } from './schema'

/** The verbs reach the definitions through the engine-neutral store (deps.stores.trackers, docs/scaling.md). */
type TrackerDeps = Pick<Deps, 'stores' | 'clock'>

/** docs/api/trackers.md §2 — the actor's trackers in their order, archived ones included (marked). */
export async function listTrackers(deps: TrackerDeps, actor: Actor) {
  return (await deps.stores.trackers.list(actor.user.id)).map(presentTracker)
}

/** The names of the person's own trackers a check-in asks for (not archived), in their order: the reminders name them. */
export async function activeTrackerNames(deps: Pick<Deps, 'stores'>, userId: string): Promise<string[]> {
  return (await deps.stores.trackers.list(userId)).filter((t) => !t.archived).map((t) => t.name)
}

/** docs/api/trackers.md §3 — a new tracker at the end of the actor's order. */
export async function createTracker(deps: TrackerDeps, actor: Actor, body: Unchecked<typeof CreateTrackerBody>) {
  const input = CreateTrackerBody.validate(body)
  const now = deps.clock.now()
  const columns = kindColumns(input.kind, { min: input.min, max: input.max, minLabel: input.min_label, maxLabel: input.max_label, unit: input.unit, decimals: input.decimals })
  const created = await deps.stores.trackers.create({
    userId: actor.user.id, name: input.name, nameKey: nameKey(input.name), kind: input.kind, emoji: input.emoji ?? null,
    ...columns, archived: input.archived ?? false, shared: input.shared ?? false, createdAt: now, updatedAt: now,
  }, MAX_TRACKERS)
  return presentTracker(createdOrRefused(created, `You have ${MAX_TRACKERS} trackers, the most there can be. Delete or reuse one first.`))
}

/**
 * docs/api/trackers.md §4 — changes the sent fields; the kind's rules are checked on the definition as it will be,
 * so a PATCH of `max` alone is checked against the stored `min`.
 */
export async function updateTracker(deps: TrackerDeps, actor: Actor, id: string, body: Unchecked<typeof UpdateTrackerBody>) {
  const current = await findTracker(deps, actor, id)
  const input = UpdateTrackerBody.validate(body)
  const pick = <K extends keyof TrackerRow>(sent: TrackerRow[K] | undefined, key: K) => (sent === undefined ? current[key] : sent)
  const columns = kindColumns(current.kind, {
    min: pick(input.min, 'min'), max: pick(input.max, 'max'), minLabel: pick(input.min_label, 'minLabel'),
    maxLabel: pick(input.max_label, 'maxLabel'), unit: pick(input.unit, 'unit'), decimals: pick(input.decimals, 'decimals'),
  })
  const updated = await deps.stores.trackers.update(actor.user.id, current.id, {
    ...commonPatch(input, deps.clock.now()),
    ...(input.emoji !== undefined && { emoji: input.emoji }),
    ...(input.shared !== undefined && { shared: input.shared }),
    ...columns,
  })
  return presentTracker(updatedOrRefused(updated))
}

/** docs/api/trackers.md §5 — the tracker and every value recorded for it. */
export async function deleteTracker(deps: TrackerDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deps.stores.trackers.remove(actor.user.id, idOf(id)))) throw new NotFoundError()
}

async function findTracker(deps: TrackerDeps, actor: Actor, id: string): Promise<TrackerRow> {
  const row = await deps.stores.trackers.find(actor.user.id, idOf(id))
  if (!row) throw new NotFoundError()
  return row
}
