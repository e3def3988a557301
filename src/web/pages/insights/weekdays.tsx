/** Each numeric tracker's average by weekday, Monday first: one tracker at a time, as a table with a bar per day. */
import { useState } from 'preact/hooks'
import { useLang, useT } from '../../lib/i18n'
import { SelectField } from '../../components/ui'
import { formatMean, type InsightsData, type SeriesByKey } from './data'
import { strings } from './strings'

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

export function Weekdays({ weekdays, series }: { weekdays: InsightsData['weekdays']; series: SeriesByKey }) {
  const t = useT(strings)
  const lang = useLang()
  const [chosen, setChosen] = useState(String(weekdays[0]?.key ?? ''))
  const shown = weekdays.find((w) => String(w.key) === chosen) ?? weekdays[0]
  if (!shown) return null
  const info = series.get(shown.key)
  const name = info?.name ?? String(shown.key)
  const largest = Math.max(...shown.means.map((mean) => mean ?? 0))
  return (
    <section class="card" aria-labelledby="insights-weekdays">
      <h2 id="insights-weekdays">{t('weekdays')}</h2>
      {weekdays.length > 1 && (
        <SelectField label={t('tracker')} value={String(shown.key)} onValue={setChosen}
          options={weekdays.map((w) => ({ value: String(w.key), label: series.get(w.key)?.name ?? String(w.key) }))} />
      )}
      <table class="weekday-table">
        <caption class="visually-hidden">{t('weekdayCaption', { name })}</caption>
        <thead><tr><th scope="col">{t('weekday')}</th><th scope="col">{t('average')}</th></tr></thead>
        <tbody>
          {WEEKDAYS.map((day, i) => {
            const mean = shown.means[i] ?? null
            return (
              <tr key={day}>
                <th scope="row">{t(day)}</th>
                <td>
                  <span class="weekday-value">{mean === null ? t('noValue') : formatMean(mean, info, lang)}</span>
                  <span class="weekday-days">{t('days', { n: shown.days[i] ?? 0 })}</span>
                  <span class="bar" aria-hidden="true"><span style={{ width: `${largest > 0 && mean !== null ? (mean / largest) * 100 : 0}%` }} /></span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
