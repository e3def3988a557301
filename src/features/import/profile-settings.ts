import { f, validate } from '../../lib/validation'
import {
  DateFormatBody, LanguageBody, NavigationBody, TemperatureUnitBody, TimeFormatBody, TimezoneBody, WeatherCityBody,
} from '../users/settings-model'
import { validateCheckInSettings, type CheckInSettingsView } from '../users/check-in-settings'
import type { UserRow } from '../users/schema'
import { checked, isObject, refuse } from './refusal'

/** The users columns an import sets from the archive's profile. */
export type SettingsColumns = Partial<Pick<UserRow,
  'language' | 'timezone' | 'dateFormat' | 'timeFormat' | 'navigation' | 'temperatureUnit' | 'firstVisit' | 'weatherCity' | 'weatherLatitude'
  | 'weatherLongitude' | 'enabledTrackers' | 'selectedSports'>>

/** docs/api/users.md §1.2 settings and §7 check-in settings, each through its endpoint's declaration. */
export function profileSettings(profile: Record<string, unknown>): SettingsColumns {
  const settings = profile.settings
  if (!isObject(settings)) return refuse('Invalid value in data.json, profile: it has no settings object.')
  const where = 'profile settings'
  const out: SettingsColumns = {}
  out.language = checked(where, () => LanguageBody.validate({ language: settings.language })).language
  out.timezone = checked(where, () => TimezoneBody.validate({ timezone: settings.timezone })).timezone
  out.dateFormat = checked(where, () => DateFormatBody.validate({ date_format: settings.date_format })).date_format
  out.timeFormat = checked(where, () => TimeFormatBody.validate({ time_format: settings.time_format })).time_format
  out.temperatureUnit = checked(where, () => TemperatureUnitBody.validate({ temperature_unit: settings.temperature_unit })).temperature_unit
  out.firstVisit = checked(where, () => validate({ first_visit: settings.first_visit }, { first_visit: f.boolean().required() })).first_visit
  if (settings.navigation !== null && settings.navigation !== undefined) {
    out.navigation = checked(where, () => NavigationBody.validate({ navigation: settings.navigation })).navigation as string
  }
  if (settings.weather_city !== null && settings.weather_city !== undefined) {
    const weather = checked(where, () => WeatherCityBody.validate({
      city: settings.weather_city, lat: settings.weather_latitude, lon: settings.weather_longitude,
    }))
    out.weatherCity = weather.city
    out.weatherLatitude = weather.lat
    out.weatherLongitude = weather.lon
  }
  const checkIn = profile.check_in_settings
  if (!isObject(checkIn)) return refuse('Invalid value in data.json, profile: it has no check_in_settings object.')
  const lists: CheckInSettingsView = checked('profile check_in_settings', () => validateCheckInSettings(checkIn))
  out.enabledTrackers = JSON.stringify(lists.enabled_trackers)
  out.selectedSports = JSON.stringify(lists.selected_sports)
  return out
}

