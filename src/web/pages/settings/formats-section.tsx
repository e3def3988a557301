/** Date and time formats (docs/api/users.md §6), each choice shown as an example of now in that format, saved when picked. */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { formatDay, formatTime, todayIn, wallClock } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession, type User } from '../../lib/session'
import { SaveFeedback, Section, useSaver } from './section'
import { SelectField } from '../../components/ui'
import { strings } from './strings'

type Settings = User['settings']
/** The formats the API offers, in the order shown; a format the API adds or drops fails the type check here. */
export const DATE_FORMATS = ['dd.mm.YYYY', 'dd.mm.YY', 'YYYY/mm/dd', 'YY/mm/dd', 'YYYY-mm-dd', 'YY-mm-dd'] as const satisfies readonly Settings['date_format'][]
export const TIME_FORMATS = ['H:i', 'g:i A', 'g:i a'] as const satisfies readonly Settings['time_format'][]

type Change = { date_format: Settings['date_format'] } | { time_format: Settings['time_format'] }

export function FormatsSection() {
  const t = useT(strings)
  const session = useSession()
  const settings = session.user!.settings
  const [dateFormat, setDateFormat] = useState(settings.date_format)
  const [timeFormat, setTimeFormat] = useState(settings.time_format)
  const saver = useSaver(async (change: Change) => {
    try {
      if ('date_format' in change) await api.put('/users/me/settings/date-format', change)
      else await api.put('/users/me/settings/time-format', change)
    } catch (error) {
      setDateFormat(session.user!.settings.date_format)
      setTimeFormat(session.user!.settings.time_format)
      throw error
    }
    await session.refresh()
  })
  const today = todayIn(session.prefs.timezone)
  const clock = wallClock(new Date(), session.prefs.timezone)
  return (
    <Section id="formats" title={t('formatsTitle')}>
      <SelectField label={t('dateFormat')} name="date_format" value={dateFormat}
        onValue={(format) => { setDateFormat(format); saver.run({ date_format: format }) }}
        options={DATE_FORMATS.map((f) => ({ value: f, label: formatDay(today, f) }))} error={saver.fieldError('date_format', t('dateFormat'))} />
      <SelectField label={t('timeFormat')} name="time_format" value={timeFormat}
        onValue={(format) => { setTimeFormat(format); saver.run({ time_format: format }) }}
        options={TIME_FORMATS.map((f) => ({ value: f, label: formatTime(clock.hour, clock.minute, f) }))} error={saver.fieldError('time_format', t('timeFormat'))} />
      <SaveFeedback saver={saver} />
    </Section>
  )
}
