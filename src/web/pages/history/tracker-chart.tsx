/**
 * One tracker's part of the trends: its name, a summary in words (the chart's text alternative), the chart.
 * Until the entries are there, each part is a placeholder of its final size: the summary's words as a grey bar
 * of their width (so it wraps where the real one will), the chart's box empty.
 */
import type { ComponentChildren } from 'preact'
import { useMemo } from 'preact/hooks'
import { locale } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { sportName, trackerStrings } from '../check-in/tracker-strings'
import type { CheckIn, RatingTracker, Sport } from '../check-in/trackers'
import { LineChart } from './line-chart'
import { chartData, sportCounts, statsOf } from './series'
import { strings } from './strings'

interface Props { dates: string[]; entries: Map<string, CheckIn> | undefined }

/** Words that are not there yet, drawn as a bar of their size and hidden from assistive technology. */
const Placeholder = ({ children }: { children: ComponentChildren }) => <span class="placeholder" aria-hidden="true">{children}</span>

/** What the numbers of the summaries read like before they are known (the placeholders take their width). */
const SOME_AVERAGE = '0.0'
const SOME_COUNT = '00'

export function TrackerChart({ tracker, dates, entries }: Props & { tracker: RatingTracker }) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const lang = useLang()
  const { prefs } = useSession()
  const data = useMemo(() => entries && chartData(dates, entries, tracker), [dates, entries, tracker])
  const stats = data && statsOf(data.ys)
  const average = new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 })
  const id = `chart-${tracker}`
  return (
    <figure class="card tracker-chart" aria-labelledby={id}>
      <figcaption>
        <h3 id={id}>{tt(tracker)}</h3>
        <p class="hint">{!data
          ? <Placeholder>{t('summary', { average: SOME_AVERAGE, count: SOME_COUNT, days: dates.length })}</Placeholder>
          : stats
            ? t('summary', { average: average.format(stats.average), count: stats.count, days: dates.length })
            : t('noValues')}</p>
      </figcaption>
      {/* Drawn also without values (the period's axes, no line): the card keeps its size whatever the data. */}
      <LineChart data={data} label={tt(tracker)} noValue={t('noValue')} keysHint={t('chartKeys')} lang={lang} dateFormat={prefs.dateFormat} />
    </figure>
  )
}

/**
 * Sports are kinds, not levels: told as how many days had which sport. Every sport of the settings has its line
 * (also at 0 days), so the list's length is known before the entries are.
 */
export function SportSummary({ dates, entries, sports }: Props & { sports: Sport[] }) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const counts = useMemo(() => entries && sportCounts(dates, entries, sports), [dates, entries, sports])
  const rows: (readonly [Sport, number | undefined])[] = counts?.bySport ?? sports.map((sport) => [sport, undefined] as const)
  return (
    <figure class="card tracker-chart" aria-labelledby="chart-sports">
      <figcaption>
        <h3 id="chart-sports">{tt('sports')}</h3>
        <p class="hint">{counts
          ? t('sportSummary', { count: counts.total, days: dates.length })
          : <Placeholder>{t('sportSummary', { count: SOME_COUNT, days: dates.length })}</Placeholder>}</p>
      </figcaption>
      {rows.length > 0 && (
        <ul class="sport-counts">
          {rows.map(([sport, count]) => (
            <li key={sport}>
              {count === undefined
                ? <Placeholder>{t('sportDays', { sport: sportName(tt, sport), count: SOME_COUNT })}</Placeholder>
                : <span>{t('sportDays', { sport: sportName(tt, sport), count })}</span>}
              <span class="bar" aria-hidden="true"><span style={{ width: `${((count ?? 0) / dates.length) * 100}%` }} /></span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}
