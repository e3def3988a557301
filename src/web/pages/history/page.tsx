/**
 * The check-ins over time: a line chart per enabled rating tracker for 30 days, 90 days or a year, the sports
 * as counts, then one's own trackers (not archived, in their order) and the days of each activity, and a year's
 * calendar heat map of one chosen built-in tracker. One read covers the year; the shorter periods are its tail.
 * uPlot is imported here only, so it loads with this page.
 *
 * The page does not move while it loads: the check-in settings and one's own trackers and activities (small
 * reads, together) say what it will hold, and from then on it is laid out at its final size — the period control
 * and the tracker choice ready, each chart, list and calendar day a placeholder of its size — while the year of
 * entries is on its way.
 */
import { useMemo, useState } from 'preact/hooks'
import { todayIn } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Page, SelectField } from '../../components/ui'
import { common } from '../../components/strings'
import { trackerStrings } from '../check-in/tracker-strings'
import { loadActivities, loadOwnTrackers, ownValueText, type Activity, type OwnTracker } from '../check-in/own-trackers'
import { loadSports, trackerText, type ListedSport } from '../check-in/sports'
import { addDays, checkInPath, datesBetween, loadEntries, loadSettings, type CheckIn, type CheckInSettings, type Tracker } from '../check-in/trackers'
import { HeatMap } from './heat-map'
import { DataTable, type Column } from './data-table'
import { ActivityCounts, OwnTrackerChart } from './own-tracker-chart'
import { ownValue } from './own-values'
import { PeriodPicker, type Period } from './period-picker'
import { TrackerChart, SportSummary } from './tracker-chart'
import { strings } from './strings'
import { linkStrings } from '../report/link-strings'
import { linkStrings as insightsLinkStrings } from '../insights/link-strings'
import { PAGES } from '../../paths'

/**
 * What the page will hold: the built-in trackers shown, one's own trackers and activities (archived ones left out),
 * and the sport list (all of it: a day keeps an archived sport, and is said with its name).
 */
interface Layout { settings: CheckInSettings; own: OwnTracker[]; activities: Activity[]; sports: ListedSport[] }

async function loadLayout(signal: AbortSignal): Promise<Layout> {
  const [settings, own, activities, sports] = await Promise.all([loadSettings(signal), loadOwnTrackers(signal), loadActivities(signal), loadSports(signal)])
  return { settings, own: own.filter((tr) => !tr.archived), activities: activities.filter((a) => !a.archived), sports }
}

export default function HistoryPage() {
  const t = useT(strings)
  const tr = useT(linkStrings)
  const ti = useT(insightsLinkStrings)
  const { prefs } = useSession()
  const today = todayIn(prefs.timezone)
  const yearStart = addDays(today, -364)
  const layout = useLoad(loadLayout, [])
  const entries = useLoad((signal) => loadEntries(yearStart, today, signal), [yearStart, today])
  return (
    <Page title={t('title')} wide>
      <p class="row"><a href={PAGES.report}>{tr('toReport')}</a><a href={PAGES.insights}>{ti('toInsights')}</a></p>
      <LoadState loaded={layout}>
        {(layout) => {
          const history = (loaded?: Map<string, CheckIn>) =>
            <History layout={layout} entries={loaded} today={today} yearStart={yearStart} />
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
function History({ layout: { settings, own, activities, sports }, entries, today, yearStart }: {
  layout: Layout; entries: Map<string, CheckIn> | undefined; today: string; yearStart: string
}) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const tc = useT(common)
  const lang = useLang()
  const trackers = settings.enabled_trackers
  const [period, setPeriod] = useState<Period>(30)
  const [mapped, setMapped] = useState<Tracker>(trackers.find((tr) => tr !== 'sports') ?? trackers[0]!)
  const dates = useMemo(() => datesBetween(addDays(today, 1 - period), today), [period, today])
  const columns: Column[] = [
    ...trackers.map((tracker) => ({ key: tracker, header: tt(tracker), text: (entry: CheckIn) => trackerText(tt, sports, tracker, entry) })),
    ...own.map((tracker) => {
      const text = ownValueText(tracker, t, lang)
      return { key: `own-${tracker.id}`, header: tracker.name, text: (entry: CheckIn) => { const value = ownValue(entry, tracker.id); return value === null ? null : text(value) } }
    }),
  ]
  return (
    <>
      {/* Said, not shown: a visible line here would go when the entries come, and move all below it. */}
      {!entries && <p class="visually-hidden" role="status">{tc('loading')}</p>}
      <section aria-labelledby="history-trends">
        <h2 id="history-trends">{t('trends')}</h2>
        <PeriodPicker value={period} onValue={setPeriod} />
        <div class="charts">
          {trackers.map((tracker) => tracker === 'sports'
            ? <SportSummary key={tracker} dates={dates} entries={entries} sports={sports} />
            : <TrackerChart key={tracker} tracker={tracker} dates={dates} entries={entries} />)}
          {own.map((tracker) => <OwnTrackerChart key={tracker.id} tracker={tracker} dates={dates} entries={entries} />)}
          {activities.length > 0 && <ActivityCounts activities={activities} dates={dates} entries={entries} />}
        </div>
        <DataTable dates={dates} columns={columns} entries={entries} />
      </section>
      <section aria-labelledby="history-calendar">
        <h2 id="history-calendar">{t('calendar')}</h2>
        <SelectField class="calendar-pick" label={t('tracker')} value={mapped} onValue={setMapped}
          options={trackers.map((tracker) => ({ value: tracker, label: tt(tracker) }))} />
        <HeatMap tracker={mapped} sports={sports} entries={entries} from={yearStart} to={today} />
      </section>
    </>
  )
}
