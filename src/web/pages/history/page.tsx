/**
 * The check-ins over time: a line chart per enabled rating tracker for 30 days, 90 days or a year, the sports
 * as counts, and a year's calendar heat map of one chosen tracker. One read covers the year; the shorter
 * periods are its tail. uPlot is imported here only, so it loads with this page.
 *
 * The page does not move while it loads: the check-in settings (a small read) say what it will hold, and from
 * then on it is laid out at its final size — the period control and the tracker choice ready, each chart, list
 * and calendar day a placeholder of its size — while the year of entries is on its way.
 */
import { useMemo, useState } from 'preact/hooks'
import { todayIn } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Page, SelectField } from '../../components/ui'
import { common } from '../../components/strings'
import { trackerStrings } from '../check-in/tracker-strings'
import { addDays, checkInPath, datesBetween, loadEntries, loadSettings, type CheckIn, type CheckInSettings, type Tracker } from '../check-in/trackers'
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
  const settings = useLoad((signal) => loadSettings(signal), [])
  const entries = useLoad((signal) => loadEntries(yearStart, today, signal), [yearStart, today])
  return (
    <Page title={t('title')} wide>
      <LoadState loaded={settings}>
        {(settings) => {
          const history = (loaded?: Map<string, CheckIn>) =>
            <History settings={settings} entries={loaded} today={today} yearStart={yearStart} />
          return (
            <LoadState loaded={entries} pending={history(undefined)}>
              {(loaded) => loaded.size === 0
                ? <><Empty>{t('empty')}</Empty><p><a href={checkInPath(today)}>{t('startCheckIn')}</a></p></>
                : history(loaded)}
            </LoadState>
          )
        }}
      </LoadState>
    </Page>
  )
}

/** The page at its final size; `entries` undefined while they load (every part then shows its placeholder). */
function History({ settings, entries, today, yearStart }: {
  settings: CheckInSettings; entries: Map<string, CheckIn> | undefined; today: string; yearStart: string
}) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const tc = useT(common)
  const trackers = settings.enabled_trackers
  const [period, setPeriod] = useState<Period>(30)
  const [mapped, setMapped] = useState<Tracker>(trackers.find((tr) => tr !== 'sports') ?? trackers[0]!)
  const dates = useMemo(() => datesBetween(addDays(today, 1 - period), today), [period, today])
  return (
    <>
      {/* Said, not shown: a visible line here would go when the entries come, and move all below it. */}
      {!entries && <p class="visually-hidden" role="status">{tc('loading')}</p>}
      <section aria-labelledby="history-trends">
        <h2 id="history-trends">{t('trends')}</h2>
        <PeriodPicker value={period} onValue={setPeriod} />
        <div class="charts">
          {trackers.map((tracker) => tracker === 'sports'
            ? <SportSummary key={tracker} dates={dates} entries={entries} sports={settings.selected_sports} />
            : <TrackerChart key={tracker} tracker={tracker} dates={dates} entries={entries} />)}
        </div>
        <DataTable dates={dates} trackers={trackers} entries={entries} />
      </section>
      <section aria-labelledby="history-calendar">
        <h2 id="history-calendar">{t('calendar')}</h2>
        <SelectField class="calendar-pick" label={t('tracker')} value={mapped} onValue={setMapped}
          options={trackers.map((tracker) => ({ value: tracker, label: tt(tracker) }))} />
        <HeatMap tracker={mapped} entries={entries} from={yearStart} to={today} />
      </section>
    </>
  )
}
