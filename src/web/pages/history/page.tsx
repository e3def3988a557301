/**
 * The check-ins over time: a line chart per enabled rating tracker for 30 days, 90 days or a year, the sports
 * as counts, and a year's calendar heat map of one chosen tracker. One read covers the year; the shorter
 * periods are its tail. uPlot is imported here only, so it loads with this page.
 */
import { useMemo, useState } from 'preact/hooks'
import { todayIn } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Page, SelectField } from '../../components/ui'
import { trackerStrings } from '../check-in/tracker-strings'
import { addDays, checkInPath, datesBetween, loadEntries, loadSettings, type CheckIn, type Tracker } from '../check-in/trackers'
import { HeatMap } from './heat-map'
import { DataTable } from './data-table'
import { PeriodPicker, type Period } from './period-picker'
import { TrackerChart, SportSummary } from './tracker-chart'
import { strings } from './strings'

export default function HistoryPage() {
  const t = useT(strings)
  const { prefs } = useSession()
  const today = todayIn(prefs.timezone)
  const yearStart = addDays(today, -364)
  const loaded = useLoad(async (signal) => {
    const [settings, entries] = await Promise.all([loadSettings(signal), loadEntries(yearStart, today, signal)])
    return { trackers: settings.enabled_trackers, entries }
  }, [yearStart, today])
  return (
    <Page title={t('title')} wide>
      <LoadState loaded={loaded}>
        {({ trackers, entries }) => entries.size === 0
          ? <><Empty>{t('empty')}</Empty><p><a href={checkInPath(today)}>{t('startCheckIn')}</a></p></>
          : <History trackers={trackers} entries={entries} today={today} yearStart={yearStart} />}
      </LoadState>
    </Page>
  )
}

function History({ trackers, entries, today, yearStart }: { trackers: Tracker[]; entries: Map<string, CheckIn>; today: string; yearStart: string }) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const [period, setPeriod] = useState<Period>(30)
  const [mapped, setMapped] = useState<Tracker>(trackers.find((tr) => tr !== 'sports') ?? trackers[0]!)
  const dates = useMemo(() => datesBetween(addDays(today, 1 - period), today), [period, today])
  return (
    <>
      <section aria-labelledby="history-trends">
        <h2 id="history-trends">{t('trends')}</h2>
        <PeriodPicker value={period} onValue={setPeriod} />
        <div class="charts">
          {trackers.map((tracker) => tracker === 'sports'
            ? <SportSummary key={tracker} dates={dates} entries={entries} />
            : <TrackerChart key={tracker} tracker={tracker} dates={dates} entries={entries} />)}
        </div>
        <DataTable dates={dates} trackers={trackers} entries={entries} />
      </section>
      <section aria-labelledby="history-calendar">
        <h2 id="history-calendar">{t('calendar')}</h2>
        <SelectField class="calendar-pick" label={t('tracker')} value={mapped} onValue={(value) => setMapped(value as Tracker)}
          options={trackers.map((tracker) => ({ value: tracker, label: tt(tracker) }))} />
        <HeatMap tracker={mapped} entries={entries} from={yearStart} to={today} />
      </section>
    </>
  )
}
