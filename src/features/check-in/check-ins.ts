import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { TRACKERS } from './trackers'
import { presentCheckIn, presentStoredCheckIn, type CheckInEntry, type StoredCheckInEntry } from './present'
import type { SentTrackers } from './store'
import type { Unchecked } from '../../lib/validation'
import { CheckInListQuery, UpsertCheckIn } from './model'
import { checkedExtras } from './extras'

/** The verbs reach the data through the engine-neutral store (deps.stores.checkIns, docs/scaling.md). */
type CheckInDeps = Pick<Deps, 'stores' | 'clock'>

/**
 * docs/api/check-in.md §2 — the actor's entries, newest date first, optionally limited to [from, to]; their values
 * and activities as the JSON text their rows keep, which the route's hand-written answer copies (list-json.ts).
 */
export async function listCheckIns(deps: CheckInDeps, actor: Actor, query: Unchecked<typeof CheckInListQuery>): Promise<StoredCheckInEntry[]> {
  const { from, to } = CheckInListQuery.validate(query)
  const rows = await deps.stores.checkIns.listStored(actor.user.id, from, to)
  return rows.map(presentStoredCheckIn)
}

/**
 * docs/api/check-in.md §3, §5 — create or partially update the entry of one date in a single
 * INSERT … ON CONFLICT (user_id, date) DO UPDATE statement: only the trackers (and note) present in the body are
 * set, so concurrent posts for one date neither duplicate the entry nor fail, and each tracker keeps its last
 * write. Sent values and activities are written with it in one unit of work. The entry as stored afterwards.
 */
export async function upsertCheckIn(deps: CheckInDeps, actor: Actor, body: Unchecked<typeof UpsertCheckIn>): Promise<CheckInEntry> {
  const input = UpsertCheckIn.validate(body)
  const sent: SentTrackers = {}
  for (const t of TRACKERS) if (t.key in input) sent[t.prop] = input[t.key] ?? null
  const { sports, ...extras } = await checkedExtras(deps, actor.user.id, input)
  if (sports !== undefined) sent.sports = sports
  return presentCheckIn(await deps.stores.checkIns.upsert(actor.user.id, input.date, sent, deps.clock.now(), extras))
}
