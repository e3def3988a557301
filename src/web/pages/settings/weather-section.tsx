/**
 * The weather location (docs/api/users.md §6.2, docs/api/weather.md §3): found by name through the place search and
 * saved as soon as it is picked. The coordinates can still be typed in behind "Enter coordinates instead" (a farm
 * between towns, a place the search does not know), and are the only way on a server whose place search is off.
 * The coordinates form saves the three together once all are filled in, when a field is left or Enter is pressed.
 */
import { useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { useLoad } from '../../lib/use-load'
import { Field, LoadState } from '../../components/ui'
import { PlaceSearch, placeName, type Place } from './place-search'
import { SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'
import { weatherStrings } from './weather-strings'

const text = (value: number | null) => (value === null ? '' : String(value))

/** The three fields as typed. */
interface Typed { city: string; lat: string; lon: string }
const same = (a: Typed, b: Typed) => a.city.trim() === b.city.trim() && a.lat.trim() === b.lat.trim() && a.lon.trim() === b.lon.trim()

function CoordinatesForm() {
  const t = useT(strings)
  const session = useSession()
  const settings = session.user!.settings
  const initial = { city: settings.weather_city ?? '', lat: text(settings.weather_latitude), lon: text(settings.weather_longitude) }
  const [place, setPlace] = useState<Typed>(initial)
  const stored = useRef(initial)
  const saver = useSaver(async (next: Typed) => {
    await api.put('/users/me/settings/weather-city', { city: next.city.trim(), lat: Number(next.lat), lon: Number(next.lon) })
    stored.current = next
    await session.refresh()
  })
  // Nothing to send while a field is empty: the three go together.
  const save = (next: Typed) => {
    if (next.city.trim() && next.lat.trim() && next.lon.trim() && !same(next, stored.current)) saver.run(next)
  }
  const set = (key: keyof Typed) => (value: string) => setPlace((current) => ({ ...current, [key]: value }))
  const commit = (key: keyof Typed) => (value: string) => save({ ...place, [key]: value })
  return (
    <>
      <p class="hint">{t('weatherHint')}</p>
      <form class="stack" onSubmit={onSubmit(() => save(place))} noValidate>
        <Field label={t('city')} name="city" autocomplete="address-level2" required maxLength={255} value={place.city} onValue={set('city')}
          onCommit={commit('city')} error={saver.fieldError('city', t('city'))} />
        <div class="grid coordinates">
          <Field label={t('latitude')} name="lat" type="number" step="any" min={-90} max={90} inputMode="decimal" required value={place.lat}
            onValue={set('lat')} onCommit={commit('lat')} hint={t('latitudeHint')} error={saver.fieldError('lat', t('latitude'))} />
          <Field label={t('longitude')} name="lon" type="number" step="any" min={-180} max={180} inputMode="decimal" required value={place.lon}
            onValue={set('lon')} onCommit={commit('lon')} hint={t('longitudeHint')} error={saver.fieldError('lon', t('longitude'))} />
        </div>
        <SaveFeedback saver={saver} />
      </form>
    </>
  )
}

function PlaceFinder() {
  const w = useT(weatherStrings)
  const session = useSession()
  const { weather_city: city, weather_latitude: lat, weather_longitude: lon } = session.user!.settings
  const saver = useSaver(async (place: Place) => {
    await api.put('/users/me/settings/weather-city', { city: placeName(place), lat: place.latitude, lon: place.longitude })
    await session.refresh()
  })
  return (
    <>
      <p class="hint">{w('hint')}</p>
      <p>{city ? w('placeNow', { place: city }) : w('placeNone')}</p>
      <PlaceSearch onPick={saver.run} />
      <SaveFeedback saver={saver} />
      <details class="coordinates-entry">
        <summary>{w('coordinates')}</summary>
        {/* Drawn again from the saved place after a pick, so the fields show what was saved. */}
        <CoordinatesForm key={`${city}|${lat}|${lon}`} />
      </details>
    </>
  )
}

export function WeatherSection() {
  const t = useT(strings)
  const services = useLoad((signal) => api.get('/weather', { signal }), [])
  return (
    <Section id="weather" title={t('weatherTitle')}>
      <LoadState loaded={services}>{({ places }) => (places ? <PlaceFinder /> : <CoordinatesForm />)}</LoadState>
    </Section>
  )
}
