/** One tracker's part of the trends: its name, a summary in words (the chart's text alternative), the chart. */
import { useMemo } from 'preact/hooks'
import { locale } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { sportName, trackerStrings } from '../check-in/tracker-strings'
import type { CheckIn, RatingTracker } from '../check-in/trackers'
import { LineChart } from './line-chart'
import { chartData, sportCounts, statsOf } from './series'
import { strings } from './strings'

interface Props { dates: string[]; entries: Map<string, CheckIn> }

export function TrackerChart({ tracker, dates, entries }: Props & { tracker: RatingTracker }) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const lang = useLang()
  const { prefs } = useSession()
  const data = useMemo(() => chartData(dates, entries, tracker), [dates, entries, tracker])
  const stats = statsOf(data.ys)
  const average = new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 })
  const id = `chart-${tracker}`
  return (
    <figure class="card tracker-chart" aria-labelledby={id}>
      <figcaption>
        <h3 id={id}>{tt(tracker)}</h3>
        <p class="hint">{stats
          ? t('summary', { average: average.format(stats.average), count: stats.count, days: dates.length })
          : t('noValues')}</p>
      </figcaption>
      {stats && <LineChart data={data} label={tt(tracker)} dateLabel={t('date')} lang={lang} dateFormat={prefs.dateFormat} />}
    </figure>
  )
}

/** Sports are kinds, not levels: told as how many days had which sport. */
export function SportSummary({ dates, entries }: Props) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const { total, bySport } = useMemo(() => sportCounts(dates, entries), [dates, entries])
  return (
    <figure class="card tracker-chart" aria-labelledby="chart-sports">
      <figcaption>
        <h3 id="chart-sports">{tt('sports')}</h3>
        <p class="hint">{t('sportSummary', { count: total, days: dates.length })}</p>
      </figcaption>
      {bySport.length > 0 && (
        <ul class="sport-counts">
          {bySport.map(([sport, count]) => (
            <li key={sport}>
              <span>{t('sportDays', { sport: sportName(tt, sport), count })}</span>
              <span class="bar" aria-hidden="true"><span style={{ width: `${(count / dates.length) * 100}%` }} /></span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}
