import { Elysia, type TSchema } from 'elysia'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { authPlugin } from '../../lib/http/auth'
import { readJson } from '../../lib/http/body'
import { ok } from '../../lib/http/envelope'
import { Envelope, NullEnvelope, jsonBody } from '../../lib/http/schemas'
import {
  AiKeyBody, CheckInSettings, CheckInSettingsBody, DateFormatBody, LanguageBody, NavigationBody, TemperatureUnitBody,
  TimeFormatBody, TimezoneBody, WeatherCityBody,
} from './model'
import {
  completeOnboarding, updateDateFormat, updateLanguage, updateNavigation, updateTemperatureUnit, updateTimeFormat, updateTimezone,
} from './settings'
import { updateWeatherCity } from './weather-city'
import { updateAiKey } from './ai-key'
import { getCheckInSettings, updateCheckInSettings } from './check-in-settings'

const tags = ['settings']
const BASE = '/api/v1/users/me/settings'

interface SettingRoute {
  path: string
  message: string
  summary: string
  body?: TSchema
  save: (deps: Deps, actor: Actor, input: Record<string, unknown>) => void
}

/** users.md §6: every setting is a PUT answering `data: null`. */
const SETTINGS: SettingRoute[] = [
  { path: 'navigation', message: 'Navigation updated successfully.', summary: 'Save navigation preferences (JSON object or JSON text)', body: NavigationBody, save: updateNavigation },
  { path: 'timezone', message: 'Timezone updated successfully.', summary: 'Set the IANA timezone', body: TimezoneBody, save: updateTimezone },
  { path: 'language', message: 'Language updated successfully.', summary: 'Set the language', body: LanguageBody, save: updateLanguage },
  { path: 'date-format', message: 'Date format updated successfully.', summary: 'Set the date format', body: DateFormatBody, save: updateDateFormat },
  { path: 'time-format', message: 'Time format updated successfully.', summary: 'Set the time format', body: TimeFormatBody, save: updateTimeFormat },
  { path: 'weather-city', message: 'Weather city updated successfully.', summary: 'Set the weather city (lat/lon or latitude/longitude)', body: WeatherCityBody, save: updateWeatherCity },
  { path: 'weather-temperature-unit', message: 'Temperature unit updated successfully.', summary: 'Set the temperature unit', body: TemperatureUnitBody, save: updateTemperatureUnit },
  { path: 'ai-provider-api-key', message: 'Key updated successfully.', summary: 'Store (encrypted) or delete the AI-provider API key', body: AiKeyBody, save: updateAiKey },
  { path: 'openai-api-key', message: 'Key updated successfully.', summary: 'Alias of ai-provider-api-key (web client)', body: AiKeyBody, save: updateAiKey },
  { path: 'complete-onboarding', message: 'Onboarding completed.', summary: 'Mark onboarding complete (body ignored)', save: (deps, actor) => completeOnboarding(deps, actor) },
]

export function settingsRoutes(deps: Deps) {
  const app = new Elysia({ name: 'users-settings' }).use(authPlugin(deps))
  for (const s of SETTINGS) {
    app.put(`${BASE}/${s.path}`, ({ actor, request }) => {
      // complete-onboarding takes no body, so a body sent to it is never parsed (conventions.md 2.1).
      s.save(deps, actor, s.body ? readJson(request) : {})
      return ok(deps.clock, s.message, null)
    }, {
      auth: 'user',
      response: { 200: NullEnvelope },
      detail: { tags, summary: s.summary, ...(s.body ? jsonBody(s.body) : {}) },
    })
  }
  return app
    .get(`${BASE}/check-in`, ({ actor }) => ok(deps.clock, 'Check-in settings retrieved successfully.', getCheckInSettings(deps, actor)), {
      auth: 'user',
      response: { 200: Envelope(CheckInSettings) },
      detail: { tags, summary: 'Enabled trackers and selected sports' },
    })
    .put(`${BASE}/check-in`, ({ actor, request }) => {
      const settings = updateCheckInSettings(deps, actor, readJson(request))
      return ok(deps.clock, 'Check-in settings updated successfully.', settings)
    }, {
      auth: 'user',
      response: { 200: Envelope(CheckInSettings) },
      detail: { tags, summary: 'Replace enabled trackers and selected sports', ...jsonBody(CheckInSettingsBody) },
    })
}
