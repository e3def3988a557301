/**
 * When the daily alerts and the Sunday summary go out, whether the summary goes to Telegram, and when the user's day
 * begins (README "Notifications": /notifications/settings), each saved when picked.
 */
import { useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { formatTime } from '../../lib/format'
import { useSession } from '../../lib/session'
import { LoadState, SelectField } from '../../components/ui'
import { notifyStrings } from './notify-strings'
import { SaveFeedback, Section, useSaver } from './section'

/** The alert times as the API declares them (notifications/model.ts). */
export type AlertTimes = ApiData<'get', '/notifications/settings'>

/**
 * Quarter hours from `first` to `last` (HH:MM), plus `current` (the API takes any minute), each shown in the
 * user's time format: a native time input would show the browser's format instead.
 */
function timeOptions(first: string, last: string, current: string, timeFormat: string) {
  const values = new Set<string>([current])
  for (let minutes = toMinutes(first); minutes <= toMinutes(last); minutes += 15) {
    values.add(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`)
  }
  return [...values].sort().map((value) => ({ value, label: formatTime(Number(value.slice(0, 2)), value.slice(3), timeFormat) }))
}
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))

function AlertTimesForm({ initial }: { initial: AlertTimes }) {
  const t = useT(notifyStrings)
  const { prefs } = useSession()
  const [times, setTimes] = useState(initial)
  // The stored times, to go back to when a change is refused.
  const stored = useRef(initial)
  const saver = useSaver(async (next: AlertTimes) => {
    try {
      stored.current = await api.put('/notifications/settings', { ...next })
    } catch (error) {
      setTimes(stored.current)
      throw error
    }
  })
  const change = (next: AlertTimes) => {
    setTimes(next)
    saver.run(next)
  }
  const set = (key: 'your_day_time' | 'check_in_time' | 'weekly_time' | 'day_start') => (value: string) => change({ ...times, [key]: value })
  return (
    <div class="stack">
      <div class="grid times">
        <SelectField label={t('yourDayTime')} name="your_day_time" value={times.your_day_time} onValue={set('your_day_time')}
          options={timeOptions('00:00', '23:45', times.your_day_time, prefs.timeFormat)}
          hint={t('yourDayTimeHint')} error={saver.fieldError('your_day_time', t('yourDayTime'))} />
        <SelectField label={t('checkInTime')} name="check_in_time" value={times.check_in_time} onValue={set('check_in_time')}
          options={timeOptions('00:00', '23:45', times.check_in_time, prefs.timeFormat)}
          hint={t('checkInTimeHint')} error={saver.fieldError('check_in_time', t('checkInTime'))} />
        <SelectField label={t('weeklyTime')} name="weekly_time" value={times.weekly_time} onValue={set('weekly_time')}
          options={timeOptions('00:00', '23:45', times.weekly_time, prefs.timeFormat)}
          hint={t('weeklyTimeHint')} error={saver.fieldError('weekly_time', t('weeklyTime'))} />
        <SelectField label={t('dayStart')} name="day_start" value={times.day_start} onValue={set('day_start')}
          options={timeOptions('00:00', '06:00', times.day_start, prefs.timeFormat)}
          hint={t('dayStartHint')} error={saver.fieldError('day_start', t('dayStart'))} />
      </div>
      <label class="toggle-option">
        <input type="checkbox" name="weekly_telegram" checked={times.weekly_telegram}
          onChange={(e) => change({ ...times, weekly_telegram: e.currentTarget.checked })} />
        {t('weeklyTelegram')}
      </label>
      <SaveFeedback saver={saver} />
    </div>
  )
}

export function AlertTimesSection() {
  const t = useT(notifyStrings)
  const loaded = useLoad((signal) => api.get('/notifications/settings', { signal }), [])
  return (
    <Section id="alert-times" title={t('timesTitle')}>
      <p class="hint">{t('timesHint')}</p>
      <LoadState loaded={loaded}>{(times) => <AlertTimesForm initial={times} />}</LoadState>
    </Section>
  )
}
