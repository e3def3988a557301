/**
 * The start page: a greeting and today's date on the user's clock, today's check-in, the to-dos due today and
 * overdue, a quick-add box, and the newest clipboard entries and library items.
 */
import { useState } from 'preact/hooks'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { longDay, todayIn, wallClock } from '../../lib/format'
import { Page } from '../../components/ui'
import { CheckInCard } from './check-in-card'
import { QuickAddBox } from './quick-add-box'
import { TodosCard } from './todos-card'
import { WeatherCard } from './weather-card'
import { ClipboardCard, RecentItemsCard } from './newest-lists'
import { loadNewestItems } from './library-items'
import { strings } from './strings'

export default function TodayPage() {
  const t = useT(strings)
  const lang = useLang()
  const { user, prefs } = useSession()
  const now = new Date()
  const today = todayIn(prefs.timezone, now)
  const hour = wallClock(now, prefs.timezone).hour
  const greeting = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'
  const newest = useLoad((signal) => loadNewestItems(5, signal), [])
  /** Counts the quick-add box's saves: a to-do filed there may be due today. */
  const [added, setAdded] = useState(0)
  return (
    <Page title={t('title')} wide>
      <p class="greeting">{t(greeting, { name: user!.name })}</p>
      <p class="today-date"><time dateTime={today}>{longDay(today, lang)}</time></p>
      <div class="today-grid">
        <CheckInCard today={today} />
        <TodosCard today={today} refresh={added} />
        <WeatherCard />
        <QuickAddBox onAdded={() => { newest.reload(); setAdded((n) => n + 1) }} />
        <RecentItemsCard loaded={newest} />
        <ClipboardCard />
      </div>
    </Page>
  )
}
