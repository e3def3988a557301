/**
 * The day's condition (docs/api/weather.md §2): Open-Meteo's WMO weather interpretation code reduced to a key a
 * client words in its own language, and the English words of the your-day text. A code outside the WMO table
 * (or none) is `unknown`, so a new code never costs the person their temperatures.
 */
export const CONDITIONS = [
  'clear', 'mainly_clear', 'partly_cloudy', 'overcast', 'fog', 'drizzle', 'freezing_drizzle', 'rain', 'freezing_rain',
  'snow', 'snow_grains', 'rain_showers', 'snow_showers', 'thunderstorm', 'thunderstorm_hail', 'unknown',
] as const
export type Condition = (typeof CONDITIONS)[number]

const BY_CODE: Record<number, Condition> = {
  0: 'clear', 1: 'mainly_clear', 2: 'partly_cloudy', 3: 'overcast', 45: 'fog', 48: 'fog',
  51: 'drizzle', 53: 'drizzle', 55: 'drizzle', 56: 'freezing_drizzle', 57: 'freezing_drizzle',
  61: 'rain', 63: 'rain', 65: 'rain', 66: 'freezing_rain', 67: 'freezing_rain',
  71: 'snow', 73: 'snow', 75: 'snow', 77: 'snow_grains', 80: 'rain_showers', 81: 'rain_showers', 82: 'rain_showers',
  85: 'snow_showers', 86: 'snow_showers', 95: 'thunderstorm', 96: 'thunderstorm_hail', 99: 'thunderstorm_hail',
}

export function conditionOf(code: number | null): Condition {
  return (code === null ? undefined : BY_CODE[code]) ?? 'unknown'
}

/** The your-day text is English (docs/api/chatbot.md §6.3); an unknown condition is left unsaid. */
export const CONDITION_WORDS: Record<Exclude<Condition, 'unknown'>, string> = {
  clear: 'clear sky', mainly_clear: 'mainly clear', partly_cloudy: 'partly cloudy', overcast: 'overcast', fog: 'fog',
  drizzle: 'drizzle', freezing_drizzle: 'freezing drizzle', rain: 'rain', freezing_rain: 'freezing rain', snow: 'snow',
  snow_grains: 'snow grains', rain_showers: 'rain showers', snow_showers: 'snow showers', thunderstorm: 'thunderstorm',
  thunderstorm_hail: 'thunderstorm with hail',
}
