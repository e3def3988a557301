/**
 * What a person's days say (docs/api/insights.md): the strongest associations between their trackers as the server's
 * sentences with their figures, said plainly to be associations and not causes; then the weekday averages, this month
 * against the three before, and the best and worst weeks. The period is 30 days, 90 days or a year ending today.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { todayIn } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Loading, Page } from '../../components/ui'
import { addDays, checkInPath } from '../check-in/trackers'
import { PeriodPicker, type Period } from '../history/period-picker'
import { PairList } from './pairs'
import { Trends, Weeks } from './summaries'
import { Weekdays } from './weekdays'
import type { InsightsData, SeriesByKey } from './data'
import { strings } from './strings'

export default function InsightsPage() {
  const t = useT(strings)
  const { prefs } = useSession()
  const today = todayIn(prefs.timezone)
  const [period, setPeriod] = useState<Period>(90)
  const from = addDays(today, 1 - period)
  const loaded = useLoad((signal) => api.get(`/insights?from=${from}&to=${today}`, { signal }), [from, today])
  return (
    <Page title={t('title')} wide>
      <p class="insights-note">{t('notCauses')}</p>
      <PeriodPicker value={period} onValue={setPeriod} />
      {/* A new period keeps the last one's figures in view, marked as being read again. */}
      {loaded.state === 'loading' && loaded.data && <Loading />}
      <LoadState loaded={loaded}>
        {(data) => <Insights data={data} today={today} />}
      </LoadState>
    </Page>
  )
}

function Insights({ data, today }: { data: InsightsData; today: string }) {
  const t = useT(strings)
  if (data.days < data.min_days) {
    return (
      <div class="insights-empty">
        <Empty>{t('notEnough', { days: data.days, min: data.min_days })}</Empty>
        <p>{t('notEnoughHint', { min: data.min_days })} <a href={checkInPath(today)}>{t('checkIn')}</a></p>
      </div>
    )
  }
  const series: SeriesByKey = new Map(data.series.map((s) => [s.key, s]))
  return (
    <>
      <PairList pairs={data.pairs} />
      <div class="cards insights-summaries">
        <Weekdays weekdays={data.weekdays} series={series} />
        <Trends trends={data.trends} series={series} />
        <Weeks weeks={data.weeks} />
      </div>
    </>
  )
}
