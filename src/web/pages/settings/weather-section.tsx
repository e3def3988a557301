/**
 * The weather location (docs/api/users.md §6.2): a city name and its coordinates, saved together once all three are
 * filled in, when a field is left or Enter is pressed (both commit the field's value).
 */
import { useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { Field } from '../../components/ui'
import { SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'

const text = (value: number | null) => (value === null ? '' : String(value))

interface Place { city: string; lat: string; lon: string }
const same = (a: Place, b: Place) => a.city.trim() === b.city.trim() && a.lat.trim() === b.lat.trim() && a.lon.trim() === b.lon.trim()

export function WeatherSection() {
  const t = useT(strings)
  const session = useSession()
  const settings = session.user!.settings
  const initial = { city: settings.weather_city ?? '', lat: text(settings.weather_latitude), lon: text(settings.weather_longitude) }
  const [place, setPlace] = useState<Place>(initial)
  const stored = useRef(initial)
  const saver = useSaver(async (next: Place) => {
    await api.put('/users/me/settings/weather-city', { city: next.city.trim(), lat: Number(next.lat), lon: Number(next.lon) })
    stored.current = next
    await session.refresh()
  })
  // Nothing to send while a field is empty: the three go together.
  const save = (next: Place) => {
    if (next.city.trim() && next.lat.trim() && next.lon.trim() && !same(next, stored.current)) saver.run(next)
  }
  const set = (key: keyof Place) => (value: string) => setPlace((current) => ({ ...current, [key]: value }))
  const commit = (key: keyof Place) => (value: string) => save({ ...place, [key]: value })
  return (
    <Section id="weather" title={t('weatherTitle')}>
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
    </Section>
  )
}
