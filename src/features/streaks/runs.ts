/**
 * Runs of days (docs/api/streaks.md §1): the current and the longest run of days that are "done" — with a check-in,
 * or a yes on a yes/no tracker — under a person's rules. A paused day neither counts nor breaks a run; a missed day
 * breaks it unless the month of that day still has a skip left (each calendar month has its own budget, spent only
 * by a run that is going); today, not over yet, breaks nothing.
 */
export interface Pause { from: string; to: string }
export interface RunRules { skipDaysPerMonth: number; pauses: readonly Pause[] }

export interface Runs {
  /** days done in the run that reaches today (0 when none does) */
  current: number
  currentSince: string | null
  longest: number
  longestFrom: string | null
  longestTo: string | null
}

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** The runs of `done` (dates, any order) up to `today`, both `YYYY-MM-DD` in the person's calendar. */
export function runsOf(done: Iterable<string>, rules: RunRules, today: string): Runs {
  const doneDays = new Set<number>()
  for (const date of done) if (date <= today) doneDays.add(dayNumber(date))
  const none: Runs = { current: 0, currentSince: null, longest: 0, longestFrom: null, longestTo: null }
  if (doneDays.size === 0) return none
  const pausedDays = new Set<number>()
  for (const pause of rules.pauses) for (let d = dayNumber(pause.from); d <= dayNumber(pause.to); d++) pausedDays.add(d)

  const last = dayNumber(today)
  const skipsUsed = new Map<string, number>()
  const out = { ...none }
  let run = 0
  let since: number | null = null
  let lastDone: number | null = null
  for (let d = Math.min(...doneDays); d <= last; d++) {
    if (doneDays.has(d)) {
      run += 1
      since ??= d
      lastDone = d
      if (run > out.longest) Object.assign(out, { longest: run, longestFrom: dateOf(since), longestTo: dateOf(d) })
      continue
    }
    if (pausedDays.has(d) || d === last) continue
    const month = dateOf(d).slice(0, 7)
    const used = skipsUsed.get(month) ?? 0
    if (run > 0 && used < rules.skipDaysPerMonth) {
      skipsUsed.set(month, used + 1)
      continue
    }
    run = 0
    since = null
  }
  if (run > 0 && lastDone !== null) Object.assign(out, { current: run, currentSince: dateOf(since!) })
  return out
}
