import { t } from 'elysia'
import { f, rules } from '../../lib/validation'
import { DATE_FORMATS, LANGUAGES, TEMPERATURE_UNITS, TIME_FORMATS } from './setting-values'

/**
 * The settings endpoints of docs/api/users.md §6–7: the one declaration of each body, and the check-in settings' shape.
 */

export const NAVIGATION_MAX_BYTES = 8192

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const tooBig = (a: string) => `The ${a} field must not be greater than 8 kilobytes.`

/** A JSON object (stored as its JSON text) or a string holding valid JSON (stored as sent); at most 8 KiB of UTF-8. */
export const NavigationBody = rules({
  navigation: f.any().required()
    // Passes a string: an object comes out as its JSON text.
    .check<string>((v, a) => {
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
    }, { description: 'a JSON object, or a string holding JSON; at most 8 KiB as UTF-8 JSON text' })
    .check((v: string, a) => Buffer.byteLength(v, 'utf8') > NAVIGATION_MAX_BYTES ? tooBig(a) : undefined),
})

export const TimezoneBody = rules({ timezone: f.string().required().max(255).timezone() })
export const LanguageBody = rules({ language: f.string().required().oneOf(LANGUAGES) })
export const DateFormatBody = rules({ date_format: f.string().required().oneOf(DATE_FORMATS) })
export const TimeFormatBody = rules({ time_format: f.string().required().oneOf(TIME_FORMATS) })
export const TemperatureUnitBody = rules({ temperature_unit: f.string().required().oneOf(TEMPERATURE_UNITS) })

/**
 * docs/api/users.md §6.2: `lat`/`lon` (product spec) or `latitude`/`longitude` (web client); numbers or decimal
 * strings. The verb validates each coordinate under the name the body uses (aliased-fields.ts).
 */
export const WeatherCityBody = rules({
  city: f.string().required().max(255),
  lat: f.number().required().between(-90, 90).describe('a number or decimal string; alias: latitude'),
  lon: f.number().required().between(-180, 180).describe('a number or decimal string; alias: longitude'),
})

/**
 * docs/api/users.md §6.1: `key` (alias `api_key`, read under the name that holds a value); absent, null or empty
 * deletes the stored key.
 */
export const AiKeyBody = rules({
  key: f.string().max(255).describe('alias: api_key; absent, null or empty deletes the stored key'),
})

export const TRACKERS = ['mood', 'sports', 'water', 'sleep', 'dreams', 'work', 'food_quality', 'food_amount', 'menstruation', 'alcohol', 'smoking', 'social_life'] as const
export const SPORTS = ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder', 'yoga'] as const
export type TrackerName = (typeof TRACKERS)[number]
export type SportName = (typeof SPORTS)[number]
const SELECTED_SPORTS_SIZE = 5

/**
 * docs/api/users.md §7.2: the size of each list; the verb then checks each item against TRACKERS / SPORTS (errors keyed
 * `field.N`) and duplicates.
 */
export const CheckInSettingsBody = rules({
  enabled_trackers: f.array().required()
    .check((v: unknown[], a) => v.length < 1 ? `The ${a} field must have at least 1 items.` : undefined,
      { minItems: 1, uniqueItems: true, description: `each one of: ${TRACKERS.join(', ')}` }),
  selected_sports: f.array().required()
    .check((v: unknown[], a) => v.length !== SELECTED_SPORTS_SIZE ? `The ${a} field must contain ${SELECTED_SPORTS_SIZE} items.` : undefined,
      { minItems: SELECTED_SPORTS_SIZE, maxItems: SELECTED_SPORTS_SIZE, uniqueItems: true, description: `each one of: ${SPORTS.join(', ')}` }),
})

/** docs/api/users.md §7.1. */
export const CheckInSettings = t.Object({
  enabled_trackers: t.Array(t.UnionEnum(TRACKERS)),
  selected_sports: t.Array(t.UnionEnum(SPORTS)),
})
