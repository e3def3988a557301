/**
 * Today's weather at the person's place (docs/api/weather.md §2): the condition in words with its drawing, and the
 * day's low and high in the person's unit. Without a place it leads to the settings; when the weather cannot be
 * had it says so and the rest of the page works on. A server with the forecast off shows no card at all.
 */
import { request } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState } from '../../components/ui'
import { PAGES } from '../../paths'
import { WeatherIcon } from './weather-icon'
import { weatherStrings } from './weather-strings'

type Answer = Awaited<ReturnType<typeof request<'GET', '/weather/today'>>>
type Weather = NonNullable<Answer['data']>

/** Whole degrees: a forecast's tenths say nothing to a person dressing for the day. */
const degrees = (value: number, unit: Weather['unit']) => `${Math.round(value) + 0} °${unit.toUpperCase()}`

function Forecast({ weather }: { weather: Weather }) {
  const t = useT(weatherStrings)
  return (
    <div class="weather-today">
      <WeatherIcon condition={weather.condition} />
      <div>
        <p class="weather-condition">{t(weather.condition)}</p>
        <p>{t('range', { min: degrees(weather.min, weather.unit), max: degrees(weather.max, weather.unit) })}</p>
        <p class="hint">{weather.place.name}</p>
      </div>
    </div>
  )
}

function NoWeather({ reason }: { reason: NonNullable<Answer['meta']>['reason'] | undefined }) {
  const t = useT(weatherStrings)
  const place = useSession().user!.settings.weather_city ?? ''
  if (reason === 'no_place') return <p>{t('noPlace')} <a href={`${PAGES.settings}#weather`}>{t('choosePlace')}</a></p>
  return <Empty>{t('unavailable', { place })}</Empty>
}

export function WeatherCard() {
  const t = useT(weatherStrings)
  const loaded = useLoad((signal) => request('GET', '/weather/today', undefined, { signal }), [])
  if (loaded.data?.meta?.reason === 'off') return null
  return (
    <section class="card stack" aria-labelledby="today-weather">
      <h2 id="today-weather">{t('title')}</h2>
      <LoadState loaded={loaded}>
        {(answer) => (answer.data ? <Forecast weather={answer.data} /> : <NoWeather reason={answer.meta?.reason} />)}
      </LoadState>
    </section>
  )
}
