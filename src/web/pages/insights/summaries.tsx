/** This month against the three before, per tracker, and the best and worst weeks by mood. */
import { useLang, useT } from '../../lib/i18n'
import { formatDay } from '../../lib/format'
import { useSession } from '../../lib/session'
import { Empty } from '../../components/ui'
import { formatMean, formatNumber, type InsightsData, type SeriesByKey } from './data'
import { strings } from './strings'

export function Trends({ trends, series }: { trends: InsightsData['trends']; series: SeriesByKey }) {
  const t = useT(strings)
  const lang = useLang()
  if (trends.length === 0) return null
  return (
    <section class="card trends" aria-labelledby="insights-trends">
      <h2 id="insights-trends">{t('trends')}</h2>
      <table>
        <thead><tr><th scope="col">{t('tracker')}</th><th scope="col">{t('thisMonth')}</th><th scope="col">{t('before')}</th></tr></thead>
        <tbody>
          {trends.map((trend) => {
            const info = series.get(trend.key)
            const change = trend.mean === null || trend.previous_mean === null ? null : Math.sign(trend.mean - trend.previous_mean)
            const word = change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'same'
            return (
              <tr key={trend.key}>
                <th scope="row">{info?.name ?? String(trend.key)}</th>
                <td>
                  {trend.mean === null ? t('noValue') : formatMean(trend.mean, info, lang)}
                  {word && <span class="trend"><span aria-hidden="true">{{ up: '↑', down: '↓', same: '=' }[word]} </span>{t(word)}</span>}
                  <span class="trend-days">{t('days', { n: trend.n })}</span>
                </td>
                <td>
                  {trend.previous_mean === null ? t('noValue') : formatMean(trend.previous_mean, info, lang)}
                  <span class="trend-days">{t('days', { n: trend.previous_n })}</span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

type Week = InsightsData['weeks']['best'][number]

export function Weeks({ weeks }: { weeks: InsightsData['weeks'] }) {
  const t = useT(strings)
  return (
    <section class="card" aria-labelledby="insights-weeks">
      <h2 id="insights-weeks">{t('weeks')}</h2>
      <p class="hint">{t('weeksHint')}</p>
      {weeks.best.length === 0 ? <Empty>{t('noWeeks')}</Empty> : (
        <>
          <WeekList id="insights-best" title={t('bestWeeks')} weeks={weeks.best} />
          {weeks.worst.length > 0 && <WeekList id="insights-worst" title={t('worstWeeks')} weeks={weeks.worst} />}
        </>
      )}
    </section>
  )
}

function WeekList({ id, title, weeks }: { id: string; title: string; weeks: Week[] }) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  return (
    <>
      <h3 id={id}>{title}</h3>
      <ul class="week-list" aria-labelledby={id}>
        {weeks.map((week) => (
          <li key={week.week}>
            <span>{t('week', { number: Number(week.week.slice(6)), from: formatDay(week.from, prefs.dateFormat), to: formatDay(week.to, prefs.dateFormat) })}</span>
            <span class="week-figures">{t('weekFigures', { mean: formatNumber(week.mean, 1, lang), days: t('days', { n: week.days }) })}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
