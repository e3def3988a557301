/** The weather location (docs/api/users.md §6.2): a city name and its coordinates, saved together. */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { Field } from '../../components/ui'
import { SaveButton, SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'

const text = (value: number | null) => (value === null ? '' : String(value))
/** An empty field is sent as missing, so the API names it as required. */
const number = (value: string) => (value.trim() === '' ? null : Number(value))

export function WeatherSection() {
  const t = useT(strings)
  const session = useSession()
  const settings = session.user!.settings
  const [city, setCity] = useState(settings.weather_city ?? '')
  const [lat, setLat] = useState(text(settings.weather_latitude))
  const [lon, setLon] = useState(text(settings.weather_longitude))
  const saver = useSaver(async () => {
    await api.put('/users/me/settings/weather-city', { city: city.trim(), lat: number(lat), lon: number(lon) })
    await session.refresh()
  })
  return (
    <Section id="weather" title={t('weatherTitle')}>
      <p class="hint">{t('weatherHint')}</p>
      <form class="stack" onSubmit={onSubmit(saver.run)} noValidate>
        <Field label={t('city')} name="city" autocomplete="address-level2" required maxLength={255} value={city} onValue={setCity}
          error={saver.fieldError('city', t('city'))} />
        <div class="grid coordinates">
          <Field label={t('latitude')} name="lat" type="number" step="any" min={-90} max={90} inputMode="decimal" required value={lat} onValue={setLat}
            hint={t('latitudeHint')} error={saver.fieldError('lat', t('latitude'))} />
          <Field label={t('longitude')} name="lon" type="number" step="any" min={-180} max={180} inputMode="decimal" required value={lon} onValue={setLon}
            hint={t('longitudeHint')} error={saver.fieldError('lon', t('longitude'))} />
        </div>
        <SaveButton saver={saver} />
        <SaveFeedback saver={saver} />
      </form>
    </Section>
  )
}
