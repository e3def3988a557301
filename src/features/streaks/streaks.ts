import type { Actor } from '../../lib/actor'
import type { Deps } from '../../lib/deps'
import { userToday } from '../../lib/local-time'
import { readStoredList } from '../../lib/stored-json'
import type { Unchecked } from '../../lib/validation'
import type { UserRow } from '../users/schema'
import { saveUserColumns } from '../users/lookup'
import { StreakRulesBody } from './model'
import { runsOf, type Pause, type RunRules, type Runs } from './runs'

type StreakDeps = Pick<Deps, 'stores' | 'clock' | 'db'>

const isPause = (v: unknown): v is Pause =>
  typeof v === 'object' && v !== null && typeof (v as Pause).from === 'string' && typeof (v as Pause).to === 'string'

/** The rules stored on the person's row; unreadable pauses count as none (the rules are theirs to set again). */
export function rulesOf(user: Pick<UserRow, 'streakSkipDays' | 'streakPauses'>): RunRules {
  return { skipDaysPerMonth: user.streakSkipDays, pauses: readStoredList(user.streakPauses, isPause) ?? [] }
}

const presentRuns = (runs: Runs) => ({
  current: runs.current,
  current_since: runs.currentSince,
  longest: runs.longest,
  longest_from: runs.longestFrom,
  longest_to: runs.longestTo,
})

const presentRules = (user: Pick<UserRow, 'streakSkipDays' | 'streakPauses' | 'streakShared'>) => ({
  skip_days_per_month: user.streakSkipDays,
  pauses: [...rulesOf(user).pauses],
  shared: user.streakShared,
})

/** The check-in streak of a person up to their today (the "your day" message and a friend's profile use it too). */
export async function checkInRuns(deps: Pick<Deps, 'stores' | 'clock'>, user: UserRow): Promise<Runs> {
  const today = userToday(user, deps.clock)
  const days = await deps.stores.checkIns.list(user.id, undefined, today)
  return runsOf(days.map((d) => d.date), rulesOf(user), today)
}

/**
 * docs/api/streaks.md §1 — the check-in streak and one per yes/no tracker (days answered yes), not archived, in the
 * person's order. One read of the person's days serves them all.
 */
export async function showStreaks(deps: StreakDeps, actor: Actor) {
  const user = actor.user
  const today = userToday(user, deps.clock)
  const rules = rulesOf(user)
  const [days, trackers] = await Promise.all([deps.stores.checkIns.list(user.id, undefined, today), deps.stores.trackers.list(user.id)])
  return {
    today,
    check_in: presentRuns(runsOf(days.map((d) => d.date), rules, today)),
    trackers: trackers.filter((t) => t.kind === 'yesno' && !t.archived).map((t) => ({
      tracker_id: t.id,
      name: t.name,
      ...presentRuns(runsOf(days.filter((d) => d.values[t.id] === 1).map((d) => d.date), rules, today)),
    })),
    rules: presentRules(user),
  }
}

/** docs/api/streaks.md §2 — sets the sent rules; the rules as they are afterwards. */
export function updateStreakRules(deps: StreakDeps, actor: Actor, body: Unchecked<typeof StreakRulesBody>) {
  const input = StreakRulesBody.validate(body)
  const patch = {
    streakSkipDays: input.skip_days_per_month ?? actor.user.streakSkipDays,
    streakPauses: input.pauses === undefined ? actor.user.streakPauses : JSON.stringify(input.pauses),
    streakShared: input.shared ?? actor.user.streakShared,
  }
  saveUserColumns(deps, actor.user.id, patch)
  return presentRules(patch)
}
