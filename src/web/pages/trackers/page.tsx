/**
 * My trackers: one's own trackers (docs/api/trackers.md), activities, sports, and the rules of the check-in streak
 * (docs/api/streaks.md). Each part loads, fails and is retried on its own; every change is stored as it is made.
 */
import { common } from '../../components/strings'
import { Page } from '../../components/ui'
import { useT } from '../../lib/i18n'
import { ActivitiesSection } from './activities-section'
import { SportsSection } from './sports-section'
import { StreakRulesSection } from './streak-rules'
import { TrackersSection } from './trackers-section'

export default function TrackersPage() {
  const c = useT(common)
  return (
    <Page title={c('trackers')} wide>
      <div class="own-page">
        <TrackersSection />
        <div class="own-side">
          <ActivitiesSection />
          <SportsSection />
          <StreakRulesSection />
        </div>
      </div>
    </Page>
  )
}
