import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Rules, Schema } from '../../lib/validation'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API, Envelope, NullEnvelope } from '../../lib/http/schemas'
import {
  AiKeyBody, CheckInSettings, CheckInSettingsBody, DateFormatBody, LanguageBody, NavigationBody, TemperatureUnitBody,
  TimeFormatBody, TimezoneBody, WeatherCityBody,
} from './settings-model'
import {
  completeOnboarding, updateDateFormat, updateLanguage, updateNavigation, updateTemperatureUnit, updateTimeFormat, updateTimezone,
} from './settings'
import { updateWeatherCity } from './weather-city'
import { updateAiKey } from './ai-key'
import { getCheckInSettings, updateCheckInSettings } from './check-in-settings'

const tags = ['settings']

interface SettingRoute {
  path: string
  message: string
  summary: string
  body: Rules<Schema>
  save: (deps: Deps, actor: Actor, input: Record<string, unknown>) => void
}

/** users.md §6: every setting is a PUT of a JSON body answering `data: null`. */
const SETTINGS: SettingRoute[] = [
  { path: '/navigation', message: 'Navigation updated successfully.', summary: 'Save navigation preferences (JSON object or JSON text)', body: NavigationBody, save: updateNavigation },
  { path: '/timezone', message: 'Timezone updated successfully.', summary: 'Set the IANA timezone', body: TimezoneBody, save: updateTimezone },
  { path: '/language', message: 'Language updated successfully.', summary: 'Set the language', body: LanguageBody, save: updateLanguage },
  { path: '/date-format', message: 'Date format updated successfully.', summary: 'Set the date format', body: DateFormatBody, save: updateDateFormat },
  { path: '/time-format', message: 'Time format updated successfully.', summary: 'Set the time format', body: TimeFormatBody, save: updateTimeFormat },
  { path: '/weather-city', message: 'Weather city updated successfully.', summary: 'Set the weather city (lat/lon or latitude/longitude)', body: WeatherCityBody, save: updateWeatherCity },
  { path: '/weather-temperature-unit', message: 'Temperature unit updated successfully.', summary: 'Set the temperature unit', body: TemperatureUnitBody, save: updateTemperatureUnit },
  { path: '/ai-provider-api-key', message: 'Key updated successfully.', summary: 'Store (encrypted) or delete the AI-provider API key', body: AiKeyBody, save: updateAiKey },
  { path: '/openai-api-key', message: 'Key updated successfully.', summary: 'Alias of ai-provider-api-key (web client)', body: AiKeyBody, save: updateAiKey },
]

export function settingsRoutes(deps: Deps) {
  const app = new Elysia({ name: 'users-settings', prefix: `${API}/users/me/settings` }).use(guard(deps))
  for (const s of SETTINGS) {
    app.put(s.path, ({ actor, body }) => {
      s.save(deps, actor, body)
      return ok(deps.clock, s.message, null)
    }, { auth: 'user', parse: 'json', body: s.body, response: { 200: NullEnvelope }, detail: { tags, summary: s.summary } })
  }
  return app
    // Declares no body, so one sent to it is never parsed (conventions.md 2.1).
    .put('/complete-onboarding', ({ actor }) => {
      completeOnboarding(deps, actor)
      return ok(deps.clock, 'Onboarding completed.', null)
    }, { auth: 'user', response: { 200: NullEnvelope }, detail: { tags, summary: 'Mark onboarding complete (body ignored)' } })
    .get('/check-in', ({ actor }) => ok(deps.clock, 'Check-in settings retrieved successfully.', getCheckInSettings(deps, actor)), { auth: 'user',
      response: { 200: Envelope(CheckInSettings) }, detail: { tags, summary: 'Enabled trackers and selected sports' } })
    .put('/check-in', ({ actor, body }) => ok(deps.clock, 'Check-in settings updated successfully.', updateCheckInSettings(deps, actor, body)), {
      auth: 'user',
      parse: 'json',
      body: CheckInSettingsBody,
      response: { 200: Envelope(CheckInSettings) },
      detail: { tags, summary: 'Replace enabled trackers and selected sports' },
    })
}
