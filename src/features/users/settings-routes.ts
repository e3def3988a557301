import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Rules, Schema, Unchecked } from '../../lib/validation'
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

/**
 * docs/api/users.md §6: a setting is a PUT of a JSON body answering `data: null`; the route declares the body its verb
 * validates. One plugin per setting keeps each route's path and body in the app's route types (the web app's).
 */
function setting<const P extends string, S extends Schema>(
  deps: Deps, path: P, body: Rules<S>, save: (deps: Deps, actor: Actor, input: Unchecked<Rules<S>>) => void,
  text: { message: string; summary: string },
) {
  return new Elysia().use(guard(deps)).put(path, ({ actor, body: input }) => {
    save(deps, actor, input)
    return ok(deps.clock, text.message, null)
  }, { auth: 'user', parse: 'json', body: body.checkedByVerb, response: { 200: NullEnvelope }, detail: { tags, summary: text.summary } })
}

export function settingsRoutes(deps: Deps) {
  const aiKey = { message: 'Key updated successfully.', summary: 'Store (encrypted) or delete the AI-provider API key' }
  return new Elysia({ name: 'users-settings', prefix: `${API}/users/me/settings` })
    .use(guard(deps))
    .use(setting(deps, '/navigation', NavigationBody, updateNavigation,
      { message: 'Navigation updated successfully.', summary: 'Save navigation preferences (JSON object or JSON text)' }))
    .use(setting(deps, '/timezone', TimezoneBody, updateTimezone, { message: 'Timezone updated successfully.', summary: 'Set the IANA timezone' }))
    .use(setting(deps, '/language', LanguageBody, updateLanguage, { message: 'Language updated successfully.', summary: 'Set the language' }))
    .use(setting(deps, '/date-format', DateFormatBody, updateDateFormat, { message: 'Date format updated successfully.', summary: 'Set the date format' }))
    .use(setting(deps, '/time-format', TimeFormatBody, updateTimeFormat, { message: 'Time format updated successfully.', summary: 'Set the time format' }))
    .use(setting(deps, '/weather-city', WeatherCityBody, updateWeatherCity,
      { message: 'Weather city updated successfully.', summary: 'Set the weather city (lat/lon or latitude/longitude)' }))
    .use(setting(deps, '/weather-temperature-unit', TemperatureUnitBody, updateTemperatureUnit,
      { message: 'Temperature unit updated successfully.', summary: 'Set the temperature unit' }))
    .use(setting(deps, '/ai-provider-api-key', AiKeyBody, updateAiKey, aiKey))
    .use(setting(deps, '/openai-api-key', AiKeyBody, updateAiKey, { ...aiKey, summary: 'Alias of ai-provider-api-key (web client)' }))
    // Declares no body, so one sent to it is never parsed (docs/api/conventions.md §2.1).
    .put('/complete-onboarding', ({ actor }) => {
      completeOnboarding(deps, actor)
      return ok(deps.clock, 'Onboarding completed.', null)
    }, { auth: 'user', response: { 200: NullEnvelope }, detail: { tags, summary: 'Mark onboarding complete (body ignored)' } })
    .get('/check-in', ({ actor }) => ok(deps.clock, 'Check-in settings retrieved successfully.', getCheckInSettings(deps, actor)), { auth: 'user',
      response: { 200: Envelope(CheckInSettings) }, detail: { tags, summary: 'Enabled trackers and selected sports' } })
    .put('/check-in', ({ actor, body }) => ok(deps.clock, 'Check-in settings updated successfully.', updateCheckInSettings(deps, actor, body)), {
      auth: 'user',
      parse: 'json',
      body: CheckInSettingsBody.checkedByVerb,
      response: { 200: Envelope(CheckInSettings) },
      detail: { tags, summary: 'Replace enabled trackers and selected sports' },
    })
}
