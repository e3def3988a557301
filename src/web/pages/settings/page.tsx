/**
 * Settings: every part of docs/api/users.md §6–7, the profile image, Telegram and the notification channels. Each
 * section saves on its own. The export notification links here with `?tab=export` (docs/api/export.md §9): the
 * export has its own page, so that link is sent on.
 */
import { useEffect } from 'preact/hooks'
import { useLocation } from 'preact-iso'
import { useT } from '../../lib/i18n'
import { Loading, Page } from '../../components/ui'
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

function Contents() {
  const t = useT(strings)
  const c = useT(checkInStrings)
  const tg = useT(telegramStrings)
  const n = useT(notifyStrings)
  const links: [string, string][] = [
    ['profile-image', t('imageTitle')], ['language', t('languageTitle')], ['timezone', t('timezoneTitle')], ['formats', t('formatsTitle')],
    ['check-in', c('title')], ['weather', t('weatherTitle')], ['temperature', t('unitTitle')], ['ai-key', t('aiTitle')],
    ['telegram', tg('title')], ['alert-times', n('timesTitle')], ['channels', n('channelsTitle')],
  ]
  return (
    <nav class="settings-contents" aria-label={t('contents')}>
      <ul>{links.map(([id, label]) => <li key={id}><a href={`#${id}`}>{label}</a></li>)}</ul>
    </nav>
  )
}

export default function SettingsPage() {
  const t = useT(strings)
  const { query, route } = useLocation()
  const toExport = query.tab === 'export'
  useEffect(() => { if (toExport) route(PAGES.export, true) }, [toExport])
  if (toExport) return <Loading />
  return (
    <Page title={t('title')}>
      <Contents />
      <ProfileImageSection />
      <LanguageSection />
      <TimezoneSection />
      <FormatsSection />
      <CheckInSection />
      <WeatherSection />
      <TemperatureSection />
      <AiKeySection />
      <TelegramSection />
      <AlertTimesSection />
      <ChannelsSection />
    </Page>
  )
}
