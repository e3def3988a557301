/** Today's check-in at a glance: the streak, the enabled trackers with today's values, and the way to fill them in. */
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState } from '../../components/ui'
import { trackerStrings } from '../check-in/tracker-strings'
import { loadSports, trackerText } from '../check-in/sports'
import { checkInPath, loadEntries, loadSettings } from '../check-in/trackers'
import { api } from '../../lib/api'
import { Streak } from './streak'
import { strings } from './strings'

export function CheckInCard({ today }: { today: string }) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const loaded = useLoad(async (signal) => {
    const [settings, entries, streaks, sports] = await Promise.all([
      loadSettings(signal), loadEntries(today, today, signal), api.get('/streaks', { signal }), loadSports(signal),
    ])
    return { trackers: settings.enabled_trackers, entry: entries.get(today) ?? null, streak: streaks.check_in.current, sports }
  }, [today])
  return (
    <section class="card stack" aria-labelledby="today-check-in">
      <h2 id="today-check-in">{t('checkIn')}</h2>
      <LoadState loaded={loaded}>
        {({ trackers, entry, streak, sports }) => (
          <>
            <Streak days={streak} />
            {entry ? (
              <>
                <ul class="check-in-summary" aria-label={t('values')}>
                  {trackers.map((tracker) => {
                    const text = trackerText(tt, sports, tracker, entry)
                    return (
                      <li key={tracker} class={text === null ? 'unset' : undefined}>
                        <span class="summary-name">{tt(tracker)}</span>
                        <span class="summary-value">{text ?? t('noValue')}</span>
                      </li>
                    )
                  })}
                </ul>
                <p><a href={checkInPath(today)}>{t('editCheckIn')}</a></p>
              </>
            ) : (
              <>
                <Empty>{t('noCheckIn')}</Empty>
                <p><a class="button-link" href={checkInPath(today)}>{t('checkInNow')}</a></p>
              </>
            )}
          </>
        )}
      </LoadState>
    </section>
  )
}
