/**
 * A friend's "Shared with you" card (docs/api/users.md §5.1): their check-in streak and each tracker they share, over
 * the last 30 days of their calendar. With nothing shared it says so, in words.
 */
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { formatDay } from '../../lib/format'
import { SharedTrackerView } from './shared-tracker'
import { strings } from './strings'
import type { Shared } from './types'

function Streak({ streak }: { streak: NonNullable<Shared['streak']> }) {
  const t = useT(strings)
  return (
    <div class="shared-streak">
      <h3>{t('streak')}</h3>
      <p class="streak-now">{streak.current > 0 ? t('inARow', { count: streak.current }) : t('noStreak')}</p>
      <p class="hint">{t('longest', { count: streak.longest })}</p>
    </div>
  )
}

export function SharedWithYou({ name, shared }: { name: string; shared: Shared | undefined }) {
  const t = useT(strings)
  const { prefs } = useSession()
  const nothing = !shared || (shared.trackers.length === 0 && shared.streak === null)
  return (
    <section class="card social-card stack" aria-labelledby="shared-heading">
      <h2 id="shared-heading">{t('shared')}</h2>
      {nothing ? <p>{t('sharesNothing', { name })}</p> : (
        <>
          {shared.streak && <Streak streak={shared.streak} />}
          {shared.trackers.length > 0 && (
            <div>
              <p class="hint">{t('sharedDays', { from: formatDay(shared.from, prefs.dateFormat), to: formatDay(shared.to, prefs.dateFormat) })}</p>
              <div class="shared-trackers">
                {shared.trackers.map((tracker) => <SharedTrackerView key={tracker.id} tracker={tracker} from={shared.from} to={shared.to} />)}
              </div>
            </div>
          )}
        </>
      )}
    </section>
  )
}
