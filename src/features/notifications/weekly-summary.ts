/**
 * The weekly summary (docs/api/notifications.md §3.1): sent on Sunday evening for the week from Monday to that
 * Sunday — the week's mean of each numeric tracker against the person's usual (the mean of the 8 weeks before), the
 * days checked in, and the streaks as of that Sunday. The figures and the text are apart so that each can be read.
 */
import type { Deps } from '../../lib/deps'
import { DAY } from '../../lib/clock'
import type { CheckInDay } from '../check-in/store'
import { TRACKERS } from '../check-in/trackers'
import type { TrackerRow } from '../trackers/schema'
import type { UserRow } from '../users/schema'
import { runsOf } from '../streaks/runs'
import { rulesOf } from '../streaks/streaks'
import { counted, figure, fill, weeklyWords, weeklyLang, type Rating } from './weekly-texts'

/** How many weeks before the summed-up one make the person's usual. */
export const USUAL_WEEKS = 8

/** A numeric tracker's week: a built-in rating (by key) or an own scale or number tracker (by name). */
export interface WeekAverage {
  key: Rating | number
  name: string | null
  unit: string | null
  decimals: number
  /** the mean over the week's days with a value */
  week: number
  /** the mean over the 8 weeks before, null without a value there */
  usual: number | null
}

export interface WeekFigures {
  /** the week's Monday and Sunday */
  from: string
  to: string
  daysCheckedIn: number
  averages: WeekAverage[]
  streak: { current: number; longest: number }
  /** own yes/no trackers whose run of yes reaches the Sunday */
  trackerStreaks: { name: string; current: number }[]
}

const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

/** The eleven 1–5 ratings: `sports` holds a code, not an amount. */
const RATINGS = TRACKERS.filter((t) => t.key !== 'sports')

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length
}

/** A numeric series' week and usual, left out when the week has no value of it. */
function average(series: Omit<WeekAverage, 'week' | 'usual'>, week: number[], before: number[]): WeekAverage[] {
  const weekMean = mean(week)
  return weekMean === null ? [] : [{ ...series, week: weekMean, usual: mean(before) }]
}

function averagesOf(days: CheckInDay[], from: string, trackers: TrackerRow[]): WeekAverage[] {
  const usualFrom = shift(from, -7 * USUAL_WEEKS)
  const inWeek = days.filter((d) => d.date >= from)
  const before = days.filter((d) => d.date < from && d.date >= usualFrom)
  const present = (list: (number | null | undefined)[]) => list.filter((v): v is number => typeof v === 'number')
  return [
    ...RATINGS.flatMap(({ key, prop }) => average({ key, name: null, unit: null, decimals: 1 },
      present(inWeek.map((d) => d[prop])), present(before.map((d) => d[prop])))),
    ...trackers.filter((t) => !t.archived && t.kind !== 'yesno').flatMap((t) => average(
      { key: t.id, name: t.name, unit: t.unit, decimals: Math.max(1, t.decimals) },
      present(inWeek.map((d) => d.values[t.id])), present(before.map((d) => d.values[t.id])))),
  ]
}

/** The figures of the week that ends on `sunday` (the person's local date). */
export async function weekFigures(deps: Pick<Deps, 'stores'>, user: UserRow, sunday: string): Promise<WeekFigures> {
  const from = shift(sunday, -6)
  // Every day up to the Sunday: the streaks need them all, the averages the last nine weeks.
  const [days, trackers] = await Promise.all([deps.stores.checkIns.list(user.id, undefined, sunday), deps.stores.trackers.list(user.id)])
  const rules = rulesOf(user)
  const runs = runsOf(days.map((d) => d.date), rules, sunday)
  return {
    from,
    to: sunday,
    daysCheckedIn: days.filter((d) => d.date >= from).length,
    averages: averagesOf(days, from, trackers),
    streak: { current: runs.current, longest: runs.longest },
    trackerStreaks: trackers.filter((t) => t.kind === 'yesno' && !t.archived).flatMap((t) => {
      const { current } = runsOf(days.filter((d) => d.values[t.id] === 1).map((d) => d.date), rules, sunday)
      return current > 0 ? [{ name: t.name, current }] : []
    }),
  }
}

const dayOfMonth = (language: string, date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(weeklyLang(language), { day: 'numeric', month: 'long', timeZone: 'UTC' })

/** The summary's text in the person's language; `insights` are sentences to list under their own heading. */
export function weeklyText(language: string, figures: WeekFigures, link: string, insights: readonly string[] = []): string {
  const w = weeklyWords(language)
  const value = (a: WeekAverage, v: number) => `${figure(language, v, a.decimals)}${a.unit ? ` ${a.unit}` : ''}`
  const averages = figures.averages.length === 0 ? [w.noValues] : [w.averages, ...figures.averages.map((a) => `• ${fill(
    a.usual === null ? w.averageNew : w.average,
    { name: a.name ?? w.ratings[a.key as Rating], week: value(a, a.week), usual: a.usual === null ? '' : value(a, a.usual) },
  )}`)]
  const { current, longest } = figures.streak
  const streaks = [
    current > 0 ? `${counted(language, w.streak, current)} ${fill(w.longest, { n: longest })}` : w.noStreak,
    ...figures.trackerStreaks.map((s) => `• ${counted(language, w.trackerStreak, s.current, { name: s.name })}`),
  ]
  const blocks = [
    [fill(w.heading, { from: dayOfMonth(language, figures.from), to: dayOfMonth(language, figures.to) }),
      counted(language, w.checkedIn, figures.daysCheckedIn)].join('\n'),
    averages.join('\n'),
    streaks.join('\n'),
    insights.length === 0 ? undefined : [w.insights, ...insights.map((s) => `• ${s}`)].join('\n'),
    fill(w.open, { link }),
  ]
  return blocks.filter((b) => b !== undefined).join('\n\n')
}

/** The summary of the week ending on `sunday` for the user. */
export async function weeklySummaryText(deps: Deps, user: UserRow, sunday: string): Promise<string> {
  return weeklyText(user.language, await weekFigures(deps, user, sunday), `${deps.config.frontendUrl}/`)
}
