import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { saveUserColumns } from './lookup'
import { pickFieldName } from './aliased-fields'
import { WeatherCityBody } from './settings-model'

/** docs/api/users.md §6.2: each coordinate is validated under the name the body uses, so errors name what was sent. */
export function updateWeatherCity(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: Unchecked<typeof WeatherCityBody>): void {
  const { city, lat, lon } = WeatherCityBody.validate(input, {
    lat: pickFieldName(input, 'lat', 'latitude'),
    lon: pickFieldName(input, 'lon', 'longitude'),
  })
  saveUserColumns(deps, actor.user.id, { weatherCity: city, weatherLatitude: lat, weatherLongitude: lon })
}
