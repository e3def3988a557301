/**
 * One tracker's part of the trends: its name, a summary in words (the chart's text alternative), the chart.
 * Until the entries are there, each part is a placeholder of its final size: the summary's words as a grey bar
 * of their width (so it wraps where the real one will), the chart's box empty.
 */
import type { ComponentChildren } from 'preact'
import { useMemo } from 'preact/hooks'
import { locale } from '../../lib/format'
import { useLang, useT, type Translate } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { trackerStrings } from '../check-in/tracker-strings'
import { sportLabel, type ListedSport } from '../check-in/sports'
import type { CheckIn, RatingTracker } from '../check-in/trackers'
import { LineChart, type ValueAxis } from './line-chart'
import { chartData, dayCounts, hasAnyValue, statsOf, type ValueOf } from './series'
import { strings } from './strings'

export interface PeriodProps { dates: string[]; entries: Map<string, CheckIn> | undefined }

/** Words that are not there yet, drawn as a bar of their size and hidden from assistive technology. */
const Placeholder = ({ children }: { children: ComponentChildren }) => <span class="placeholder" aria-hidden="true">{children}</span>

/** What the numbers of the summaries read like before they are known (the placeholders take their width). */
const SOME_AVERAGE = '0.0'
export const SOME_COUNT = '00'

/** A tracker's card: its name (an `h3` of id `id`), what it holds in words (`about`), a summary line, the rest. */
export function ChartCard({ id, name, about, summary, class: extra, children }: {
  id: string; name: ComponentChildren; about?: string; summary: ComponentChildren; class?: string; children: ComponentChildren
}) {
  return (
    <figure class={`card tracker-chart${extra ? ` ${extra}` : ''}`} aria-labelledby={id}>
      <figcaption>
        <h3 id={id}>{name}</h3>
        {about && <p class="hint">{about}</p>}
        <p class="hint">{summary}</p>
      </figcaption>
      {children}
    </figure>
  )
}

/**
 * The summary of a period: a placeholder while the entries load, the words of `known` when there are values in
 * it, else that there are none in the period — or none yet at all, for a tracker never filled in.
 */
export function periodSummary(t: Translate<keyof typeof strings.en>, entries: Map<string, CheckIn> | undefined, valueOf: ValueOf, name: string, { loading, known }: {
  loading: string; known: string | undefined
}): ComponentChildren {
  if (!entries) return <Placeholder>{loading}</Placeholder>
  if (known !== undefined) return known
  return hasAnyValue(entries, valueOf) ? t('noValues') : t('noValuesYet', { name })
}

/**
 * A tracker drawn as a line over the period: a built-in rating or one's own scale or number. `valueOf` and `axis`
 * must stay the same objects while the tracker does (the chart redraws when they change).
 */
export function ValueChart({ id, name, heading = name, about, dates, entries, valueOf, axis, valueText, averageText }: PeriodProps & {
  id: string; name: string; heading?: ComponentChildren; about?: string; valueOf: ValueOf; axis?: ValueAxis
  valueText?: (value: number) => string; averageText?: (value: number) => string
}) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  const data = useMemo(() => entries && chartData(dates, entries, valueOf), [dates, entries, valueOf])
  const stats = data && statsOf(data.ys)
  const average = averageText ?? new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 }).format
  const summary = periodSummary(t, entries, valueOf, name, {
    loading: t('summary', { average: SOME_AVERAGE, count: SOME_COUNT, days: dates.length }),
    known: stats && t('summary', { average: average(stats.average), count: stats.count, days: dates.length }),
  })
  return (
    <ChartCard id={id} name={heading} about={about} summary={summary}>
      {/* Drawn also without values (the period's axes, no line): the card keeps its size whatever the data. */}
      <LineChart data={data} label={name} noValue={t('noValue')} keysHint={t('chartKeys')} lang={lang} dateFormat={prefs.dateFormat}
        axis={axis} valueText={valueText} />
    </ChartCard>
  )
}

/** A built-in 1–5 tracker. */
export function TrackerChart({ tracker, ...period }: PeriodProps & { tracker: RatingTracker }) {
  const tt = useT(trackerStrings)
  const valueOf = useMemo<ValueOf>(() => (entry) => entry?.[tracker] ?? null, [tracker])
  return <ValueChart id={`chart-${tracker}`} name={tt(tracker)} valueOf={valueOf} {...period} />
}

/**
 * Days counted by what they had (a sport, an activity): how many had any (`total`, in the words of `summary`), and
 * each a line with a bar of its share of the period. Every row is there (also at 0 days) before the entries are
 * (their counts undefined till then), so the card's size is known from the start.
 */
export function DayCountCard({ id, name, summary, total, rows, days }: {
  id: string; name: string; summary: 'sportSummary' | 'activitySummary'; total: number | undefined
  rows: (readonly [key: string | number, name: string, count: number | undefined])[]; days: number
}) {
  const t = useT(strings)
  return (
    <ChartCard id={id} name={name} summary={total === undefined
      ? <Placeholder>{t(summary, { count: SOME_COUNT, days })}</Placeholder>
      : t(summary, { count: total, days })}>
      {rows.length > 0 && (
        <ul class="sport-counts">
          {rows.map(([key, name, count]) => (
            <li key={key}>
              {count === undefined
                ? <Placeholder>{t('daysWith', { name, count: SOME_COUNT })}</Placeholder>
                : <span>{t('daysWith', { name, count })}</span>}
              <span class="bar" aria-hidden="true"><span style={{ width: `${((count ?? 0) / days) * 100}%` }} /></span>
            </li>
          ))}
        </ul>
      )}
    </ChartCard>
  )
}

/**
 * Sports are kinds, not levels: told as how many days had which sport — every sport offered listed (built-in and
 * one's own), then any other the period's days had (docs/api/check-in.md §6: a day may have several).
 */
export function SportSummary({ dates, entries, sports }: PeriodProps & { sports: ListedSport[] }) {
  const tt = useT(trackerStrings)
  const offered = useMemo(() => sports.filter((sport) => sport.offered).map((sport) => sport.id), [sports])
  const counts = useMemo(() => entries && dayCounts(dates, entries, offered, (entry) => entry.sport_ids), [dates, entries, offered])
  const nameOf = (id: number) => {
    const sport = sports.find((s) => s.id === id)
    return sport ? sportLabel(tt, sport) : String(id)
  }
  const rows = (counts?.byKey ?? offered.map((id) => [id, undefined] as const)).map(([id, count]) => [id, nameOf(id), count] as const)
  return <DayCountCard id="chart-sports" name={tt('sports')} summary="sportSummary" total={counts?.total} rows={rows} days={dates.length} />
}
