/** Celsius or Fahrenheit for the weather (docs/api/users.md §6). */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { SaveButton, SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'

export function TemperatureSection() {
  const t = useT(strings)
  const session = useSession()
  const [unit, setUnit] = useState(session.user!.settings.temperature_unit)
  const saver = useSaver(async () => {
    await api.put('/users/me/settings/weather-temperature-unit', { temperature_unit: unit })
    await session.refresh()
  })
  return (
    <Section id="temperature" title={t('unitTitle')}>
      <form class="stack" onSubmit={onSubmit(saver.run)} noValidate>
        <fieldset class="option-set">
          <legend class="visually-hidden">{t('unitTitle')}</legend>
          {(['c', 'f'] as const).map((u) => (
            <label key={u} class="toggle-option">
              <input type="radio" name="temperature_unit" value={u} checked={unit === u} onChange={() => setUnit(u)} />
              {t(u === 'c' ? 'celsius' : 'fahrenheit')}
            </label>
          ))}
        </fieldset>
        <SaveButton saver={saver} />
        <SaveFeedback saver={saver} />
      </form>
    </Section>
  )
}
