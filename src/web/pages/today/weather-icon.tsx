/**
 * A line drawing of the day's condition beside its words (never instead of them), drawn here like the sports'
 * icons: bundled in the binary, independent of emoji fonts, in the text's colour in light and dark mode.
 */
import type { ApiData } from '../../lib/api-types'

export type Condition = NonNullable<ApiData<'get', '/weather/today'>>['condition']

const CLOUD = 'M6.5 19h11a4.5 4.5 0 0 0 .6-8.96A6 6 0 0 0 6.4 11.1 4 4 0 0 0 6.5 19Z'
/** The same cloud drawn higher, with room under it for what falls. */
const HIGH_CLOUD = 'M6.5 14h11a4.5 4.5 0 0 0 .6-8.96A6 6 0 0 0 6.4 6.1 4 4 0 0 0 6.5 14Z'
const SUN = 'M8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4'

const DRAWINGS = {
  sun: SUN,
  // A small sun behind a smaller cloud.
  partly: 'M4 9a3.5 3.5 0 0 1 6.5-1.8M7 2.5v1.2M2.2 5.2l1 .7M11.8 5.2l-1 .7M1.5 10h1.2M8.5 20h9a4 4 0 0 0 .5-7.97A5.2 5.2 0 0 0 8.2 13.3 3.4 3.4 0 0 0 8.5 20Z',
  cloud: CLOUD,
  fog: 'M5 8h14M3 12h18M5 16h14M8 20h8',
  rain: `${HIGH_CLOUD}M8 17l-1 3M12 17l-1 3M16 17l-1 3`,
  snow: `${HIGH_CLOUD}M8 18h.01M12 20h.01M16 18h.01M10 22h.01M14 22h.01`,
  thunder: `${HIGH_CLOUD}M13 14l-3 4h4l-3 4`,
}

const DRAWING_OF: Record<Condition, keyof typeof DRAWINGS> = {
  clear: 'sun', mainly_clear: 'sun', partly_cloudy: 'partly', overcast: 'cloud', unknown: 'cloud', fog: 'fog',
  drizzle: 'rain', freezing_drizzle: 'rain', rain: 'rain', freezing_rain: 'rain', rain_showers: 'rain',
  snow: 'snow', snow_grains: 'snow', snow_showers: 'snow', thunderstorm: 'thunder', thunderstorm_hail: 'thunder',
}

export function WeatherIcon({ condition }: { condition: Condition }) {
  return (
    <svg class="weather-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false" data-drawing={DRAWING_OF[condition]}
      fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">
      <path d={DRAWINGS[DRAWING_OF[condition]]} />
    </svg>
  )
}
