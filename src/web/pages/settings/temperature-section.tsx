/** Celsius or Fahrenheit for the weather (docs/api/users.md §6), saved when picked. */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'

type Unit = 'c' | 'f'

export function TemperatureSection() {
  const t = useT(strings)
  const session = useSession()
  const [unit, setUnit] = useState<Unit>(session.user!.settings.temperature_unit)
  const saver = useSaver(async (chosen: Unit) => {
    try {
      await api.put('/users/me/settings/weather-temperature-unit', { temperature_unit: chosen })
    } catch (error) {
      setUnit(session.user!.settings.temperature_unit)
      throw error
    }
    await session.refresh()
  })
  return (
    <Section id="temperature" title={t('unitTitle')}>
      <fieldset class="option-set">
        <legend class="visually-hidden">{t('unitTitle')}</legend>
        {(['c', 'f'] as const).map((u) => (
          <label key={u} class="toggle-option">
            <input type="radio" name="temperature_unit" value={u} checked={unit === u} onChange={() => { setUnit(u); saver.run(u) }} />
            {t(u === 'c' ? 'celsius' : 'fahrenheit')}
          </label>
        ))}
      </fieldset>
      <SaveFeedback saver={saver} />
    </Section>
  )
}
