/** The chart period as a segmented control: native radios in a fieldset, so arrow keys switch the period. */
import { useT } from '../../lib/i18n'
import { strings } from './strings'

export const PERIODS = [30, 90, 365] as const
export type Period = (typeof PERIODS)[number]

export function PeriodPicker({ value, onValue }: { value: Period; onValue: (period: Period) => void }) {
  const t = useT(strings)
  const label = { 30: t('days30'), 90: t('days90'), 365: t('year') }
  return (
    <fieldset class="segmented">
      <legend>{t('period')}</legend>
      {PERIODS.map((period) => (
        <label key={period} class="choice">
          <input type="radio" name="history-period" value={period} checked={value === period} onChange={() => onValue(period)} />
          <span>{label[period]}</span>
        </label>
      ))}
    </fieldset>
  )
}
