/**
 * What a person shares with their friends (docs/api/users.md §5 `shared`): their own trackers marked `shared` and
 * not archived, with the values of the last days of their calendar, and their check-in streak when they chose to
 * share it. Everything is read on each request, so un-sharing takes effect at once. Only the shared trackers'
 * values leave here: built-in trackers (they have no flag), other trackers, activities and the note never do.
 */
import type { Deps } from '../../lib/deps'
import { DAY } from '../../lib/clock'
import { userToday } from '../../lib/local-time'
import type { UserRow } from '../users/schema'
import type { TrackerRow } from '../trackers/schema'
import { presentTracker } from '../trackers/present'
import { checkInRuns } from '../streaks/streaks'
import { SHARED_TRACKER_FIELDS } from './model'

/** How many days of each shared tracker a friend sees, today (the person's) included. */
export const SHARED_DAYS = 30

/** The date `days` before a calendar date, both `YYYY-MM-DD` (UTC arithmetic: calendar days, no clock shifts). */
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10)

/** A tracker as a friend sees it: the fields needed to show a value, nothing about the owner's own use of it. */
function presentDefinition(row: TrackerRow) {
  const tracker = presentTracker(row)
  return Object.fromEntries(SHARED_TRACKER_FIELDS.map((key) => [key, tracker[key]])) as Pick<typeof tracker, (typeof SHARED_TRACKER_FIELDS)[number]>
}

export async function sharedBy(deps: Pick<Deps, 'stores' | 'clock'>, person: UserRow) {
  const to = userToday(person, deps.clock)
  const from = daysBefore(to, SHARED_DAYS - 1)
  const trackers = (await deps.stores.trackers.list(person.id)).filter((row) => row.shared && !row.archived)
  // Nothing is read that is not shared: no days without a shared tracker, no history without a shared streak.
  const [days, runs] = await Promise.all([
    trackers.length > 0 ? deps.stores.checkIns.list(person.id, from, to) : [],
    person.streakShared ? checkInRuns(deps, person) : null,
  ])
  const oldestFirst = [...days].reverse()
  return {
    from,
    to,
    trackers: trackers.map((row) => ({
      ...presentDefinition(row),
      days: oldestFirst.flatMap((day) => {
        const value = day.values[row.id]
        return value === undefined ? [] : [{ date: day.date, value }]
      }),
    })),
    streak: runs && { current: runs.current, longest: runs.longest },
  }
}
