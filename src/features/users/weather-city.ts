import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { f, validate } from '../../lib/validation'
import { saveUserColumns } from './lookup'
import { pickFieldName } from './aliased-fields'

/** users.md 6.2: `lat`/`lon` (product spec) or `latitude`/`longitude` (web client); numbers or decimal strings. */
export function updateWeatherCity(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: Record<string, unknown>): void {
  const latKey = pickFieldName(input, 'lat', 'latitude')
  const lonKey = pickFieldName(input, 'lon', 'longitude')
  const values = validate(input, {
    city: f.string().required().max(255),
    [latKey]: f.number().required().between(-90, 90),
    [lonKey]: f.number().required().between(-180, 180),
  })
  saveUserColumns(deps, actor.user.id, {
    weatherCity: values.city,
    weatherLatitude: values[latKey] as number,
    weatherLongitude: values[lonKey] as number,
  })
}
