/**
 * What to do once an account is ready (confirmed, or given a new password), shared by the pages behind the
 * mail links. A link asked for from the phone or desktop app carries `?platform=mobile|desktop` (docs/api/auth.md §5.2,
 * 5.3): its reader most likely wants to go back to that app, so the page says so before offering the web.
 */
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { PAGES } from '../../paths'
import { nextStepStrings } from './strings'

export type LinkPlatform = 'web' | 'mobile' | 'desktop'

/** The platform a mail link was made for; anything else counts as the web. */
export function linkPlatform(query: Record<string, string | undefined>): LinkPlatform {
  const platform = query.platform
  return platform === 'mobile' || platform === 'desktop' ? platform : 'web'
}

export function NextStep({ platform }: { platform: LinkPlatform }) {
  const t = useT(nextStepStrings)
  const session = useSession()
  if (session.state === 'signed-in') return <p><a class="button-link" href={PAGES.today}>{t('home')}</a></p>
  if (platform === 'web') return <p><a class="button-link" href={PAGES.signIn}>{t('signIn')}</a></p>
  return (
    <>
      <p>{t(platform === 'mobile' ? 'inMobileApp' : 'inDesktopApp')}</p>
      <p>{t('orWeb')} <a href={PAGES.signIn}>{t('signIn')}</a></p>
    </>
  )
}
