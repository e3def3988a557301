/**
 * The check-in of any day: `?date=YYYY-MM-DD`, today (in the user's timezone) by default. The day is changed
 * with a date input or the previous/next buttons, each a new address so the browser's back button returns.
 * Future days are accepted, as the API accepts them (docs/api/check-in.md §3); the page only says so. While a tap
 * is not stored, leaving the day or the page asks first (leave-guard.tsx).
 */
import { useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { longDay, todayIn } from '../../lib/format'
import { Loading, LoadState, Notice, Page } from '../../components/ui'
import { CheckInForm } from './form'
import { useLeaveGuard } from './leave-guard'
import { loadActivities, loadOwnTrackers } from './own-trackers'
import { loadSports } from './sports'
import { addDays, checkInPath, isDate, loadEntries, loadSettings } from './trackers'
import { strings } from './strings'

export default function CheckInPage() {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  const { query } = useLocation()
  const today = todayIn(prefs.timezone)
  const asked = query.date
  const date = isDate(asked) ? asked : today

  const settings = useLoad(async (signal) => {
    const [checkIn, ownTrackers, activities, sports] = await Promise.all([
      loadSettings(signal), loadOwnTrackers(signal), loadActivities(signal), loadSports(signal),
    ])
    return { checkIn, ownTrackers, activities, sports }
  }, [])
  const entry = useLoad((signal) => loadEntries(date, date, signal).then((entries) => entries.get(date) ?? null), [date])
  const [unsaved, setUnsaved] = useState(false)
  const guard = useLeaveGuard(unsaved)
  const go = (to: string) => guard.leave(checkInPath(to))

  return (
    <Page title={t('title')}>
      {asked !== undefined && !isDate(asked) && <Notice kind="info">{t('badDate')}</Notice>}
      <div class="day-nav">
        <button type="button" onClick={() => go(addDays(date, -1))}><span aria-hidden="true">← </span>{t('previousDay')}</button>
        <div class="field">
          <label for="check-in-date">{t('date')}</label>
          <input id="check-in-date" type="date" value={date} onChange={(e) => isDate(e.currentTarget.value) && go(e.currentTarget.value)} />
        </div>
        <button type="button" onClick={() => go(addDays(date, 1))}>{t('nextDay')}<span aria-hidden="true"> →</span></button>
        {date !== today && <button type="button" class="link-button" onClick={() => go(today)}>{t('goToday')}</button>}
      </div>
      {guard.question}
      <h2>{date === today ? t('todayMark', { day: longDay(date, lang) }) : longDay(date, lang)}</h2>
      {date > today && <Notice kind="info">{t('future')}</Notice>}
      <LoadState loaded={settings}>
        {({ checkIn, ownTrackers, activities, sports }) => (
          <LoadState loaded={entry}>
            {/* Keyed by date: another day starts a fresh form, never one with the last day's edits. */}
            {(entryData) => entry.state === 'loading'
              ? <Loading />
              : <CheckInForm key={date} date={date} settings={checkIn} ownTrackers={ownTrackers} activities={activities}
                sports={sports} entry={entryData ?? undefined}
                onUnsaved={setUnsaved} />}
          </LoadState>
        )}
      </LoadState>
    </Page>
  )
}
