import { and, eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { checkIns } from './schema'
import { TRACKERS, type TrackerProp } from './trackers'
import { presentCheckIn, type CheckInEntry } from './present'
import { selectCheckIns, upsertCheckInRow } from './queries'
import { CheckInListQuery, UpsertCheckIn } from './model'

type CheckInDeps = Pick<Deps, 'db' | 'clock'>

/** check-in.md 2 — the actor's entries, newest date first, optionally limited to [from, to]. */
export function listCheckIns(deps: CheckInDeps, actor: Actor, query: Record<string, unknown>): CheckInEntry[] {
  const { from, to } = CheckInListQuery.validate(query)
  const rows = selectCheckIns(deps.db, actor.user.id, from, to)
  return rows.map(presentCheckIn)
}

/**
 * check-in.md 3 — create or partially update the entry of one date in a single
 * INSERT … ON CONFLICT (user_id, date) DO UPDATE statement: only the trackers present in the body are set,
 * so concurrent posts for one date neither duplicate the entry nor fail, and each tracker keeps its last write.
 * RETURNING hands back the row exactly as stored after the write.
 */
export function upsertCheckIn(deps: CheckInDeps, actor: Actor, body: Record<string, unknown>): CheckInEntry {
  const input = UpsertCheckIn.validate(body) as Record<string, unknown>
  const sent: Partial<Record<TrackerProp, number | null>> = {}
  for (const t of TRACKERS) if (t.key in input) sent[t.prop] = input[t.key] as number | null
  return presentCheckIn(upsertCheckInRow(deps.db, actor.user.id, input.date as string, sent, deps.clock.now()))
}

/** Whether the user has an entry for `date` (YYYY-MM-DD); used by the chat bot's check-in reminder. */
export function hasCheckInOn(deps: Pick<Deps, 'db'>, userId: string, date: string): boolean {
  const row = deps.db.select({ id: checkIns.id }).from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.date, date)))
    .get()
  return row !== undefined
}
