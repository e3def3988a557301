/**
 * A calendar heat map of one tracker over a period: one block per month, weeks in rows starting on Monday, each
 * day a cell coloured by its value. Every cell is an image named "date: value" (also its tooltip), so the map
 * reads day by day with a screen reader; a legend says what the colours mean. The months and their days depend
 * on the dates alone: until the entries come, every day is a blank cell of its final size.
 */
import { useMemo } from 'preact/hooks'
import { formatDay, locale } from '../../lib/format'
import { useLang, useT, type Lang } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { trackerStrings } from '../check-in/tracker-strings'
import { trackerText, type ListedSport } from '../check-in/sports'
import { dateMs, datesBetween, type CheckIn, type Tracker } from '../check-in/trackers'
import { strings } from './strings'

interface Month { key: string; name: string; offset: number; days: string[] }

/** The months from `from` to `to`, each with all its days (days outside the range are drawn blank). */
function monthsOf(from: string, to: string, lang: Lang): Month[] {
  const name = new Intl.DateTimeFormat(locale(lang), { month: 'short', year: 'numeric', timeZone: 'UTC' })
  const months: Month[] = []
  let [year, month] = from.split('-').map(Number) as [number, number]
  const last = to.slice(0, 7)
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`
    if (key > last) break
    const first = `${key}-01`
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
    months.push({
      key,
      name: name.format(new Date(dateMs(first))),
      offset: (new Date(dateMs(first)).getUTCDay() + 6) % 7,
      days: datesBetween(first, `${key}-${String(lastDay).padStart(2, '0')}`),
    })
    month += 1
    if (month > 12) { month = 1; year += 1 }
  }
  return months
}

/** How one day is drawn (a `hm-*` class) and said ("12.03.2025: 4"); also a legend's entry. */
export interface DayLook { look: string; text: string }

/**
 * A calendar of the days `from` to `to`, month by month, each day drawn and said by `dayOf` (undefined while the
 * entries load: every day then a blank cell of its final size); `legend` says what the looks mean.
 */
export function CalendarMap({ name, from, to, dayOf, legend }: {
  name: string; from: string; to: string; dayOf: ((date: string) => DayLook) | undefined; legend: DayLook[]
}) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  const months = useMemo(() => monthsOf(from, to, lang), [from, to, lang])
  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale(lang), { weekday: 'narrow', timeZone: 'UTC' })
    // 2024-01-01 was a Monday.
    return datesBetween('2024-01-01', '2024-01-07').map((d) => format.format(new Date(dateMs(d))))
  }, [lang])

  const cell = (date: string) => {
    if (date < from || date > to) return <span key={date} class="hm-cell hm-out" aria-hidden="true" />
    if (!dayOf) return <span key={date} class="hm-cell hm-pending" aria-hidden="true" />
    const { look, text } = dayOf(date)
    const label = `${formatDay(date, prefs.dateFormat)}: ${text}`
    return <span key={date} class={`hm-cell ${look}`} role="img" aria-label={label} title={label} />
  }

  return (
    <div class="heat-map">
      <div class="hm-months" role="group" aria-label={t('calendarLabel', { tracker: name, from: formatDay(from, prefs.dateFormat), to: formatDay(to, prefs.dateFormat) })}>
        {months.map((month) => (
          <div key={month.key} class="hm-month" role="group" aria-label={month.name}>
            <p class="hm-name" aria-hidden="true">{month.name}</p>
            <div class="hm-days">
              {weekdays.map((w, i) => <span key={`w${i}`} class="hm-weekday" aria-hidden="true">{w}</span>)}
              {Array.from({ length: month.offset }, (_, i) => <span key={`b${i}`} class="hm-cell hm-out" aria-hidden="true" />)}
              {month.days.map(cell)}
            </div>
          </div>
        ))}
      </div>
      <ul class="hm-legend" aria-label={t('legend')}>
        {legend.map(({ look, text }) => <li key={look}><span class={`hm-cell ${look}`} aria-hidden="true" />{text}</li>)}
      </ul>
    </div>
  )
}

/** A built-in tracker's year: a rating's five levels, sports as a day with any (said by name). */
export function HeatMap({ tracker, sports, entries, from, to }: {
  tracker: Tracker; sports: ListedSport[]; entries: Map<string, CheckIn> | undefined; from: string; to: string
}) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const dayOf = entries && ((date: string): DayLook => {
    const entry = entries.get(date)
    const text = entry ? trackerText(tt, sports, tracker, entry) : null
    return {
      look: !entry || text === null ? 'hm-none' : tracker === 'sports' ? 'hm-v4' : `hm-v${entry[tracker]}`,
      text: !entry ? t('noEntry') : text ?? t('noValue'),
    }
  })
  const legend = [
    { look: 'hm-none', text: t('noEntry') },
    ...(tracker === 'sports'
      ? [{ look: 'hm-v4', text: t('legendSport') }]
      : [1, 2, 3, 4, 5].map((n) => ({ look: `hm-v${n}`, text: String(n) }))),
  ]
  return <CalendarMap name={tt(tracker)} from={from} to={to} dayOf={dayOf} legend={legend} />
}
