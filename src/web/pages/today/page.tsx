/** The start page: a greeting and today's date on the user's clock. */
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { longDay, todayIn, wallClock } from '../../lib/format'
import { Page } from '../../components/ui'
import { strings } from './strings'

export default function TodayPage() {
  const t = useT(strings)
  const { user, prefs } = useSession()
  const hour = wallClock(new Date(), prefs.timezone).hour
  const greeting = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'
  return (
    <Page title={t('title')}>
      <p class="greeting">{t(greeting, { name: user!.name })}</p>
      <p class="today-date">{longDay(todayIn(prefs.timezone), prefs.lang)}</p>
    </Page>
  )
}
