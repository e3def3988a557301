/**
 * The single-value settings of users.md §6: each verb validates its field with the contract's messages and
 * writes it to the actor's own row. Weather city and the AI key (field aliases) live in their own files.
 */
import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { f, validate } from '../../lib/validation'
import { saveUserColumns } from './lookup'

export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const
export const DATE_FORMATS = ['dd.mm.YYYY', 'dd.mm.YY', 'YYYY/mm/dd', 'YY/mm/dd', 'YYYY-mm-dd', 'YY-mm-dd'] as const
export const TIME_FORMATS = ['H:i', 'g:i A', 'g:i a'] as const
export const TEMPERATURE_UNITS = ['c', 'f'] as const
export const NAVIGATION_MAX_BYTES = 8192

type SettingsDeps = Pick<Deps, 'db' | 'clock'>
type Input = Record<string, unknown>

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const tooBig = (a: string) => `The ${a} field must not be greater than 8 kilobytes.`

/** A JSON object (stored as its JSON text) or a string holding valid JSON (stored as sent); at most 8 KiB of UTF-8. */
const navigationField = f.any().required()
  .check((v, a) => {
    if (isPlainObject(v)) {
      // An object nested deeper than JSON.stringify can recurse is far larger than the limit anyway.
      try {
        return { value: JSON.stringify(v) }
      } catch {
        return tooBig(a)
      }
    }
    if (typeof v === 'string') {
      try {
        JSON.parse(v)
        return undefined
      } catch { /* reported below */ }
    }
    return `The ${a} field must be a valid JSON string.`
  })
  .check((v: string, a) => Buffer.byteLength(v, 'utf8') > NAVIGATION_MAX_BYTES ? tooBig(a) : undefined)

export function updateNavigation(deps: SettingsDeps, actor: Actor, input: Input): void {
  const { navigation } = validate(input, { navigation: navigationField })
  saveUserColumns(deps, actor.user.id, { navigation: navigation as string })
}

export function updateTimezone(deps: SettingsDeps, actor: Actor, input: Input): void {
  const { timezone } = validate(input, { timezone: f.string().required().max(255).timezone() })
  saveUserColumns(deps, actor.user.id, { timezone })
}

export function updateLanguage(deps: SettingsDeps, actor: Actor, input: Input): void {
  const { language } = validate(input, { language: f.string().required().oneOf(LANGUAGES) })
  saveUserColumns(deps, actor.user.id, { language })
}

export function updateDateFormat(deps: SettingsDeps, actor: Actor, input: Input): void {
  const { date_format } = validate(input, { date_format: f.string().required().oneOf(DATE_FORMATS) })
  saveUserColumns(deps, actor.user.id, { dateFormat: date_format })
}

export function updateTimeFormat(deps: SettingsDeps, actor: Actor, input: Input): void {
  const { time_format } = validate(input, { time_format: f.string().required().oneOf(TIME_FORMATS) })
  saveUserColumns(deps, actor.user.id, { timeFormat: time_format })
}

export function updateTemperatureUnit(deps: SettingsDeps, actor: Actor, input: Input): void {
  const { temperature_unit } = validate(input, { temperature_unit: f.string().required().oneOf(TEMPERATURE_UNITS) })
  saveUserColumns(deps, actor.user.id, { temperatureUnit: temperature_unit })
}

/** Any body is ignored. */
export function completeOnboarding(deps: SettingsDeps, actor: Actor): void {
  saveUserColumns(deps, actor.user.id, { firstVisit: false })
}
