import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { validate } from '../../lib/validation'
import { saveUserColumns } from './lookup'
import { pickFieldName } from './aliased-fields'
import { WeatherCityBody } from './settings-model'

/** users.md 6.2: each coordinate is validated under the name the body uses, so errors name what was sent. */
export function updateWeatherCity(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: Record<string, unknown>): void {
  const latKey = pickFieldName(input, 'lat', 'latitude')
  const lonKey = pickFieldName(input, 'lon', 'longitude')
  const { city, lat, lon } = WeatherCityBody.fields
  const values = validate(input, { city, [latKey]: lat, [lonKey]: lon })
  saveUserColumns(deps, actor.user.id, {
    weatherCity: values.city,
    weatherLatitude: values[latKey] as number,
    weatherLongitude: values[lonKey] as number,
  })
}
