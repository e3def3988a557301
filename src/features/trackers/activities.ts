import type { Actor } from '../../lib/actor'
import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import type { Unchecked } from '../../lib/validation'
import { createdOrRefused, updatedOrRefused } from './refusals'
import { CreateActivityBody, MAX_ACTIVITIES, UpdateActivityBody } from './model'
import { commonPatch, idOf, nameKey } from './names'
import { presentActivity } from './present'

type ActivityDeps = Pick<Deps, 'stores' | 'clock'>

/** docs/api/trackers.md §6 — the actor's activities in their order, archived ones included (marked). */
export async function listActivities(deps: ActivityDeps, actor: Actor) {
  return (await deps.stores.activities.list(actor.user.id)).map(presentActivity)
}

/** docs/api/trackers.md §6 — a new activity at the end of the actor's order. */
export async function createActivity(deps: ActivityDeps, actor: Actor, body: Unchecked<typeof CreateActivityBody>) {
  const input = CreateActivityBody.validate(body)
  const now = deps.clock.now()
  const created = await deps.stores.activities.create({
    userId: actor.user.id, name: input.name, nameKey: nameKey(input.name), groupName: input.group ?? null,
    archived: input.archived ?? false, createdAt: now, updatedAt: now,
  }, MAX_ACTIVITIES)
  return presentActivity(createdOrRefused(created, `You have ${MAX_ACTIVITIES} activities, the most there can be. Delete or reuse one first.`))
}

/** docs/api/trackers.md §6 — changes the sent fields. */
export async function updateActivity(deps: ActivityDeps, actor: Actor, id: string, body: Unchecked<typeof UpdateActivityBody>) {
  const input = UpdateActivityBody.validate(body)
  const updated = await deps.stores.activities.update(actor.user.id, idOf(id), {
    ...commonPatch(input, deps.clock.now()),
    ...(input.group !== undefined && { groupName: input.group }),
  })
  return presentActivity(updatedOrRefused(updated))
}

/** docs/api/trackers.md §6 — the activity, and its mark on every day. */
export async function deleteActivity(deps: ActivityDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deps.stores.activities.remove(actor.user.id, idOf(id)))) throw new NotFoundError()
}
