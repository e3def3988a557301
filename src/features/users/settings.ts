/**
 * The single-value settings of docs/api/users.md §6: each verb validates its field (declared in settings-model.ts) and
 * writes it to the actor's own row. Weather city and the AI key (field aliases) live in their own files.
 */
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { saveUserColumns } from './lookup'
import { DateFormatBody, LanguageBody, NavigationBody, TemperatureUnitBody, TimeFormatBody, TimezoneBody } from './settings-model'

type SettingsDeps = Pick<Deps, 'db' | 'clock'>
export function updateNavigation(deps: SettingsDeps, actor: Actor, input: Unchecked<typeof NavigationBody>): void {
  const { navigation } = NavigationBody.validate(input)
  saveUserColumns(deps, actor.user.id, { navigation })
}

export function updateTimezone(deps: SettingsDeps, actor: Actor, input: Unchecked<typeof TimezoneBody>): void {
  const { timezone } = TimezoneBody.validate(input)
  saveUserColumns(deps, actor.user.id, { timezone })
}

export function updateLanguage(deps: SettingsDeps, actor: Actor, input: Unchecked<typeof LanguageBody>): void {
  const { language } = LanguageBody.validate(input)
  saveUserColumns(deps, actor.user.id, { language })
}

export function updateDateFormat(deps: SettingsDeps, actor: Actor, input: Unchecked<typeof DateFormatBody>): void {
  const { date_format } = DateFormatBody.validate(input)
  saveUserColumns(deps, actor.user.id, { dateFormat: date_format })
}

export function updateTimeFormat(deps: SettingsDeps, actor: Actor, input: Unchecked<typeof TimeFormatBody>): void {
  const { time_format } = TimeFormatBody.validate(input)
  saveUserColumns(deps, actor.user.id, { timeFormat: time_format })
}

export function updateTemperatureUnit(deps: SettingsDeps, actor: Actor, input: Unchecked<typeof TemperatureUnitBody>): void {
  const { temperature_unit } = TemperatureUnitBody.validate(input)
  saveUserColumns(deps, actor.user.id, { temperatureUnit: temperature_unit })
}

/** Any body is ignored. */
export function completeOnboarding(deps: SettingsDeps, actor: Actor): void {
  saveUserColumns(deps, actor.user.id, { firstVisit: false })
}
