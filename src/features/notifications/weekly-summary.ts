/**
 * The weekly summary (docs/api/notifications.md §3.1): sent on Sunday evening for the week from Monday to that
 * Sunday — the week's mean of each numeric tracker against the person's usual (the mean of the 8 weeks before), the
 * days checked in, the streaks as of that Sunday, and the two strongest insights of the 90 days ending that Sunday
 * (features/insights). The figures and the text are apart so that each can be read.
 */
import type { Deps } from '../../lib/deps'
import type { CheckInDay } from '../check-in/store'
import type { TrackerRow } from '../trackers/schema'
import type { UserRow } from '../users/schema'
import { runsOf } from '../streaks/runs'
import { rulesOf } from '../streaks/streaks'
import { computeInsights } from '../insights/insights'
import { DEFAULT_DAYS } from '../insights/model'
import { RATINGS, dateOf, dayNumber, type SeriesDef } from '../insights/series'
import { formatNumber, seriesName } from '../insights/texts'
import { languageOf } from '../users/setting-values'
import { counted, fill, weeklyWords } from './weekly-texts'

/** How many weeks before the summed-up one make the person's usual. */
export const USUAL_WEEKS = 8

/** At most this many insights close the summary. */
export const WEEKLY_INSIGHTS = 2

/** A numeric tracker's week: a built-in rating or an own scale or number tracker, as insights define its series. */
export interface WeekAverage {
  series: SeriesDef
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

/** `date` moved by `days` (YYYY-MM-DD, as the insights count days). */
const shift = (date: string, days: number) => dateOf(dayNumber(date) + days)

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length
}

/** A numeric series' week and usual, left out when the week has no value of it. */
function average(series: SeriesDef, week: number[], before: number[]): WeekAverage[] {
  const weekMean = mean(week)
  return weekMean === null ? [] : [{ series, week: weekMean, usual: mean(before) }]
}

function averagesOf(days: CheckInDay[], from: string, trackers: TrackerRow[]): WeekAverage[] {
  const usualFrom = shift(from, -7 * USUAL_WEEKS)
  const inWeek = days.filter((d) => d.date >= from)
  const before = days.filter((d) => d.date < from && d.date >= usualFrom)
  const present = (list: (number | null | undefined)[]) => list.filter((v): v is number => typeof v === 'number')
  return [
    ...RATINGS.flatMap(({ key, prop }) => average({ key, kind: 'rating', name: null, builtin: key, unit: null, decimals: 1 },
      present(inWeek.map((d) => d[prop])), present(before.map((d) => d[prop])))),
    // A mean gets at least one decimal, as the insights' sentences write theirs (7 and 8 steps average 7.5).
    ...trackers.filter((t) => !t.archived && t.kind !== 'yesno').flatMap((t) => average(
      { key: t.id, kind: t.kind, name: t.name, builtin: null, unit: t.unit, decimals: Math.max(1, t.decimals) },
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
  new Date(`${date}T00:00:00Z`).toLocaleDateString(languageOf(language), { day: 'numeric', month: 'long', timeZone: 'UTC' })

/** The summary's text in the person's language; `insights` are sentences to list under their own heading. */
export function weeklyText(language: string, figures: WeekFigures, link: string, insights: readonly string[] = []): string {
  const w = weeklyWords(language)
  const lang = languageOf(language)
  const value = ({ series }: WeekAverage, v: number) => formatNumber(v, series.decimals, lang, series.unit)
  const averages = figures.averages.length === 0 ? [w.noValues] : [w.averages, ...figures.averages.map((a) => `• ${fill(
    a.usual === null ? w.averageNew : w.average,
    { name: seriesName(a.series, lang), week: value(a, a.week), usual: a.usual === null ? '' : value(a, a.usual) },
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

/** The strongest insights of the 90 days ending on `sunday`, as sentences (none below the insights' own threshold). */
async function weekInsights(deps: Pick<Deps, 'stores'>, user: UserRow, sunday: string): Promise<string[]> {
  const { pairs } = await computeInsights(deps, user, shift(sunday, 1 - DEFAULT_DAYS), sunday)
  return pairs.slice(0, WEEKLY_INSIGHTS).map((pair) => pair.text)
}

/** The summary of the week ending on `sunday` for the user. */
export async function weeklySummaryText(deps: Deps, user: UserRow, sunday: string): Promise<string> {
  const [figures, insights] = await Promise.all([weekFigures(deps, user, sunday), weekInsights(deps, user, sunday)])
  return weeklyText(user.language, figures, `${deps.config.frontendUrl}/`, insights)
}
