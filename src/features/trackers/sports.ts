import type { Actor } from '../../lib/actor'
import type { Deps } from '../../lib/deps'
import { ConflictError, NotFoundError } from '../../lib/errors'
import type { Unchecked } from '../../lib/validation'
import { getCheckInSettings } from '../users/check-in-settings'
import { SPORTS } from '../users/settings-model'
import { createdOrRefused, updatedOrRefused } from './refusals'
import { CreateSportBody, MAX_SPORTS, UpdateSportBody } from './model'
import { commonPatch, idOf, nameKey } from './names'
import { presentSport } from './present'

type SportDeps = Pick<Deps, 'stores' | 'clock' | 'db'>

/** The built-in sports' codes are 1–6 (docs/api/check-in.md §4.2); own sports' ids start at 101 (the migration). */
export const BUILTIN_SPORT_CODES = SPORTS.map((_, i) => i + 1)
export const isBuiltinSport = (id: number) => id >= 1 && id <= SPORTS.length

/**
 * docs/api/trackers.md §7 — the person's sport list: the six built-in ones in code order, offered as the check-in
 * settings select them, then their own in their order (archived ones included, marked).
 */
export async function listSports(deps: SportDeps, actor: Actor) {
  const { selected_sports: selected } = getCheckInSettings(deps, actor)
  const builtin = SPORTS.map((name, i) => ({
    id: i + 1, name, emoji: null, builtin: true, offered: selected.includes(name), position: i, archived: false, created_at: null, updated_at: null,
  }))
  return [...builtin, ...(await deps.stores.sports.list(actor.user.id)).map(presentSport)]
}

/** docs/api/trackers.md §7 — a new sport of one's own at the end of the actor's order. */
export async function createSport(deps: SportDeps, actor: Actor, body: Unchecked<typeof CreateSportBody>) {
  const input = CreateSportBody.validate(body)
  const now = deps.clock.now()
  const created = await deps.stores.sports.create({
    userId: actor.user.id, name: input.name, nameKey: nameKey(input.name), emoji: input.emoji ?? null,
    archived: input.archived ?? false, createdAt: now, updatedAt: now,
  }, MAX_SPORTS)
  return presentSport(createdOrRefused(created, `You have ${MAX_SPORTS} sports of your own, the most there can be. Delete or reuse one first.`))
}

/** A built-in sport is not a row to change: the check-in settings choose which of the six are offered. */
function refuseBuiltin(id: number): void {
  if (isBuiltinSport(id)) throw new ConflictError('The built-in sports are chosen in the check-in settings (selected sports).', 'builtin_sport')
}

/** docs/api/trackers.md §7 — changes the sent fields of one's own sport. */
export async function updateSport(deps: SportDeps, actor: Actor, segment: string, body: Unchecked<typeof UpdateSportBody>) {
  const id = idOf(segment)
  refuseBuiltin(id)
  const input = UpdateSportBody.validate(body)
  const updated = await deps.stores.sports.update(actor.user.id, id, {
    ...commonPatch(input, deps.clock.now()),
    ...(input.emoji !== undefined && { emoji: input.emoji }),
  })
  return presentSport(updatedOrRefused(updated))
}

/** docs/api/trackers.md §7 — one's own sport, taken off every day that has it (a trigger, as the foreign keys do for values). */
export async function deleteSport(deps: SportDeps, actor: Actor, segment: string): Promise<void> {
  const id = idOf(segment)
  refuseBuiltin(id)
  if (!(await deps.stores.sports.remove(actor.user.id, id))) throw new NotFoundError()
}
