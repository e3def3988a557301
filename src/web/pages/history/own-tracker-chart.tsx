/**
 * One's own trackers in the trends, after the built-in ones: a scale as a line on its min..max axis with its end
 * words above it, a number as a line with its unit naming the axis and its decimals in the readings, a yes/no as a
 * calendar of the period (yes, no, nothing); then how many days had each activity. Each card is laid out from the
 * tracker's definition alone, so its box is final before the entries come.
 */
import { useMemo } from 'preact/hooks'
import { useLang, useT } from '../../lib/i18n'
import type { Activity, OwnTracker } from '../check-in/own-trackers'
import { CalendarMap, type DayLook } from './heat-map'
import { ownAverageText, ownAxis, ownValue, scaleEnds } from './own-values'
import { ownValueText } from '../check-in/own-trackers'
import { dayCounts, type ValueOf } from './series'
import { strings } from './strings'
import { ChartCard, DayCountCard, SOME_COUNT, ValueChart, periodSummary, type PeriodProps } from './tracker-chart'

/** The tracker's name with its emoji (for the eye only: the name is what is said). */
const Heading = ({ tracker }: { tracker: OwnTracker }) =>
  <>{tracker.emoji && <span aria-hidden="true">{tracker.emoji} </span>}{tracker.name}</>

export function OwnTrackerChart({ tracker, ...period }: PeriodProps & { tracker: OwnTracker }) {
  const t = useT(strings)
  const lang = useLang()
  const valueOf = useMemo<ValueOf>(() => (entry) => ownValue(entry, tracker.id), [tracker.id])
  const axis = useMemo(() => ownAxis(tracker, lang), [tracker, lang])
  if (tracker.kind === 'yesno') return <YesNoCalendar tracker={tracker} valueOf={valueOf} {...period} />
  return (
    <ValueChart id={`chart-own-${tracker.id}`} name={tracker.name} heading={<Heading tracker={tracker} />} about={scaleEnds(tracker, t)}
      valueOf={valueOf} axis={axis} valueText={ownValueText(tracker, t, lang)} averageText={ownAverageText(tracker, lang)} {...period} />
  )
}

/**
 * A yes/no over the period as a calendar. A year's thirteen months take the row's whole width (in a card of their
 * own they would be a tall column beside short charts).
 */
function YesNoCalendar({ tracker, valueOf, dates, entries }: PeriodProps & { tracker: OwnTracker; valueOf: ValueOf }) {
  const t = useT(strings)
  const counts = useMemo(() => {
    if (!entries) return undefined
    const values = dates.map((date) => valueOf(entries.get(date)))
    return { yes: values.filter((v) => v === 1).length, no: values.filter((v) => v === 0).length }
  }, [dates, entries, valueOf])
  const dayOf = entries && ((date: string): DayLook => {
    const entry = entries.get(date)
    const value = valueOf(entry)
    return {
      look: value === null ? 'hm-none' : value === 1 ? 'hm-yes' : 'hm-no',
      text: !entry ? t('noEntry') : value === null ? t('noValue') : t(value === 1 ? 'yes' : 'no'),
    }
  })
  const summary = periodSummary(t, entries, valueOf, tracker.name, {
    loading: t('yesNoSummary', { yes: SOME_COUNT, no: SOME_COUNT, days: dates.length }),
    known: counts && counts.yes + counts.no > 0 ? t('yesNoSummary', { ...counts, days: dates.length }) : undefined,
  })
  const legend = [{ look: 'hm-yes', text: t('yes') }, { look: 'hm-no', text: t('no') }, { look: 'hm-none', text: t('nothingRecorded') }]
  return (
    <ChartCard id={`chart-own-${tracker.id}`} name={<Heading tracker={tracker} />} summary={summary} class={dates.length > 90 ? 'whole-row' : undefined}>
      <CalendarMap name={tracker.name} from={dates[0]!} to={dates[dates.length - 1]!} dayOf={dayOf} legend={legend} />
    </ChartCard>
  )
}

/** How many days of the period had each activity (those not archived, in the person's order). */
export function ActivityCounts({ activities, dates, entries }: PeriodProps & { activities: Activity[] }) {
  const t = useT(strings)
  const ids = useMemo(() => activities.map((a) => a.id), [activities])
  const counts = useMemo(() => {
    if (!entries) return undefined
    const listed = new Set(ids)
    return dayCounts(dates, entries, ids, (entry) => entry.activities.filter((id) => listed.has(id)))
  }, [dates, entries, ids])
  const countOf = new Map(counts?.byKey)
  const rows = activities.map((a) => [a.id, a.name, counts && (countOf.get(a.id) ?? 0)] as const)
  return <DayCountCard id="chart-activities" name={t('activities')} summary="activitySummary" total={counts?.total} rows={rows} days={dates.length} />
}
