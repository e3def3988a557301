/**
 * The welcome: where the app leads an account in its first visit (lib/first-visit.ts), and open to anyone again
 * later. Three short steps show the settings page's own sections, each saving a choice as it is made: timezone and
 * language (already the browser's, taken at the first sign-in: here they are confirmed), the check-in's trackers and
 * sports, the alert times and a channel. "Finish" and "Skip" both complete the onboarding (docs/api/users.md §6) and
 * go on to where the person was going, today by default.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { api } from '../../lib/api'
import { markWelcomeShown, nextPage } from '../../lib/first-visit'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useAction } from '../../lib/use-action'
import { ErrorNotice, Page } from '../../components/ui'
import { AlertTimesSection } from '../settings/alert-times-section'
import { ChannelsSection } from '../settings/channels-section'
import { CheckInSection } from '../settings/check-in-section'
import { LanguageSection } from '../settings/language-section'
import { TelegramSection } from '../settings/telegram-section'
import { TimezoneSection } from '../settings/timezone-section'
import { BrowserZone } from './browser-zone'
import { strings } from './strings'

const STEPS = ['placeTitle', 'checkInTitle', 'alertsTitle'] as const

export default function WelcomePage() {
  const t = useT(strings)
  const session = useSession()
  const user = session.user!
  const { query, route } = useLocation()
  const [step, setStep] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)

  useEffect(() => markWelcomeShown(user.id), [user.id])
  // A new step is announced by its heading; the page's first draw leaves the focus on the page's title.
  useEffect(() => {
    if (moved.current) heading.current?.focus()
    moved.current = true
  }, [step])

  const complete = useAction(async () => {
    await api.put('/users/me/settings/complete-onboarding')
    await session.refresh()
    route(nextPage(query.next), true)
  })

  const last = step === STEPS.length - 1

  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>
      {/* Every step stays drawn (the others hidden), so going back finds a step as it was left. */}
      {STEPS.map((title, i) => (
        <div key={title} class="stack" hidden={i !== step}>
          <p class="hint">{t('stepOf', { step: i + 1, total: STEPS.length })}</p>
          <h2 ref={i === step ? heading : undefined} tabIndex={-1}>{t(title)}</h2>
          {i === 0 && <>
            <BrowserZone />
            {/* Keyed by the zone: taking the browser's zone shows it in the field. */}
            <TimezoneSection key={user.settings.timezone} />
            <LanguageSection />
          </>}
          {i === 1 && <>
            <p>{t('checkInText')}</p>
            <CheckInSection />
          </>}
          {i === 2 && <>
            <p>{t('alertsText')}</p>
            <AlertTimesSection />
            <TelegramSection />
            <ChannelsSection />
          </>}
        </div>
      ))}
      {complete.error !== undefined && <ErrorNotice error={complete.error} />}
      <div class="row welcome-actions">
        {step > 0 && <button type="button" onClick={() => setStep(step - 1)}>{t('back')}</button>}
        {last
          ? <button type="button" class="primary" disabled={complete.pending} aria-busy={complete.pending}
              onClick={() => complete.run()}>{t('finish')}</button>
          : <button type="button" class="primary" onClick={() => setStep(step + 1)}>{t('next')}</button>}
        <button type="button" class="link-button welcome-skip" disabled={complete.pending} onClick={() => complete.run()}>{t('skip')}</button>
      </div>
    </Page>
  )
}
