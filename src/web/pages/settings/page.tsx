/**
 * Settings: every part of docs/api/users.md §6–7, the profile image, Telegram and the notification channels, in four
 * groups with a section menu (beside the sections on a desktop, staying in sight while they scroll; above them on a
 * phone). Every control saves as soon as it is changed (section.tsx). The export notification links here with
 * `?tab=export` (docs/api/export.md §9): the export has its own page, so that link is sent on.
 */
import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { useT, type Translate } from '../../lib/i18n'
import { Loading, Page } from '../../components/ui'
import { thingNames } from '../../components/names'
import { PAGES } from '../../paths'
import { AiKeySection } from './ai-key-section'
import { AlertTimesSection } from './alert-times-section'
import { ChannelsSection } from './channels-section'
import { CheckInSection } from './check-in-section'
import { checkInStrings } from './check-in-strings'
import { FormatsSection } from './formats-section'
import { LanguageSection } from './language-section'
import { notifyStrings } from './notify-strings'
import { ProfileImageSection } from './profile-image-section'
import { strings } from './strings'
import { TelegramSection } from './telegram-section'
import { telegramStrings } from './telegram-strings'
import { TemperatureSection } from './temperature-section'
import { TimezoneSection } from './timezone-section'
import { WeatherSection } from './weather-section'

interface Titles { t: Translate<keyof typeof strings.en>; things: Translate<keyof typeof thingNames.en>; c: Translate<keyof typeof checkInStrings.en>; tg: Translate<keyof typeof telegramStrings.en>; n: Translate<keyof typeof notifyStrings.en> }
interface Part { id: string; title: (w: Titles) => string; Section: ComponentType }
interface Group { id: string; title: keyof typeof strings.en; parts: Part[] }

/** The sections in their groups, in page order; the menu lists them the same way. */
const GROUPS: Group[] = [
  { id: 'group-profile', title: 'groupProfile', parts: [
    { id: 'profile-image', title: ({ things }) => things('profile_image'), Section: ProfileImageSection },
    { id: 'language', title: ({ t }) => t('languageTitle'), Section: LanguageSection },
    { id: 'timezone', title: ({ t }) => t('timezoneTitle'), Section: TimezoneSection },
    { id: 'formats', title: ({ t }) => t('formatsTitle'), Section: FormatsSection },
  ] },
  { id: 'group-day', title: 'groupDay', parts: [
    { id: 'check-in', title: ({ c }) => c('title'), Section: CheckInSection },
    { id: 'weather', title: ({ t }) => t('weatherTitle'), Section: WeatherSection },
    { id: 'temperature', title: ({ t }) => t('unitTitle'), Section: TemperatureSection },
  ] },
  { id: 'group-alerts', title: 'groupAlerts', parts: [
    { id: 'alert-times', title: ({ n }) => n('timesTitle'), Section: AlertTimesSection },
    { id: 'telegram', title: ({ tg }) => tg('title'), Section: TelegramSection },
    { id: 'channels', title: ({ n }) => n('channelsTitle'), Section: ChannelsSection },
  ] },
  { id: 'group-ai', title: 'groupAi', parts: [
    { id: 'ai-key', title: ({ t }) => t('aiTitle'), Section: AiKeySection },
  ] },
]
const IDS = GROUPS.flatMap((g) => g.parts.map((p) => p.id))

/** The section nearest the top of the screen, to mark in the menu as the one being read. */
function useCurrentSection(): string | undefined {
  const [current, setCurrent] = useState<string>()
  useEffect(() => {
    const seen = new Map<string, boolean>()
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) seen.set(entry.target.id, entry.isIntersecting)
      setCurrent(IDS.find((id) => seen.get(id)))
    }, { rootMargin: '0px 0px -60% 0px' })
    for (const id of IDS) {
      const section = document.getElementById(id)
      if (section) observer.observe(section)
    }
    return () => observer.disconnect()
  }, [])
  return current
}

/**
 * A link from another page to a section (`/settings#check-in`) is followed by the router, which does not scroll to
 * the fragment as a page load would: once the sections are drawn, the named one is brought into view.
 */
function useScrollToSection(): void {
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1))
    if (!IDS.includes(id) && !GROUPS.some((g) => g.id === id)) return
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView())
    return () => cancelAnimationFrame(frame)
  }, [])
}

function SectionMenu({ titles }: { titles: Titles }) {
  const current = useCurrentSection()
  return (
    <nav class="settings-menu" aria-label={titles.t('contents')}>
      {GROUPS.map((group) => (
        <div key={group.id} class="settings-menu-group">
          <a class="settings-menu-title" href={`#${group.id}`}>{titles.t(group.title)}</a>
          <ul>
            {group.parts.map((part) => (
              <li key={part.id}>
                <a href={`#${part.id}`} aria-current={current === part.id ? 'location' : undefined}>{part.title(titles)}</a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}

export default function SettingsPage() {
  const t = useT(strings)
  const titles: Titles = { t, things: useT(thingNames), c: useT(checkInStrings), tg: useT(telegramStrings), n: useT(notifyStrings) }
  const { query, route } = useLocation()
  const toExport = query.tab === 'export'
  useEffect(() => { if (toExport) route(PAGES.export, true) }, [toExport])
  useScrollToSection()
  if (toExport) return <Loading />
  return (
    <Page title={t('title')} wide>
      <div class="settings-layout">
        <SectionMenu titles={titles} />
        <div class="settings-groups">
          <div class="settings-intro">
            <p>{t('autosave')}</p>
            <p>{t('welcomeAgainText')} <a href={PAGES.welcome}>{t('welcomeAgain')}</a></p>
          </div>
          {GROUPS.map((group) => (
            <section key={group.id} id={group.id} class="settings-group" aria-labelledby={`${group.id}-heading`}>
              <h2 id={`${group.id}-heading`}>{t(group.title)}</h2>
              <div class="settings-cards">
                {group.parts.map(({ id, Section }) => <Section key={id} />)}
              </div>
            </section>
          ))}
        </div>
      </div>
    </Page>
  )
}
