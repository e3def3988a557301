/** The user's timezone (docs/api/users.md §6.1): any IANA name, picked from the browser's list while typing. */
import { useId, useMemo, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { formatTime, wallClock } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { Field } from '../../components/ui'
import { SaveButton, SaveFeedback, Section, useSaver } from './section'
import { strings } from './strings'

/** The browser's zones; V8 leaves UTC out of the list, though it is the server's default. */
function zones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return list.includes('UTC') ? list : ['UTC', ...list]
}

/** The wall-clock time in `zone`, or undefined while what is typed is no zone. */
function timeIn(zone: string, timeFormat: string): string | undefined {
  try {
    const w = wallClock(new Date(), zone)
    return formatTime(w.hour, w.minute, timeFormat)
  } catch {
    return undefined
  }
}

export function TimezoneSection() {
  const t = useT(strings)
  const session = useSession()
  const listId = useId()
  const all = useMemo(zones, [])
  const [timezone, setTimezone] = useState(session.user!.settings.timezone)
  const saver = useSaver(async () => {
    await api.put('/users/me/settings/timezone', { timezone: timezone.trim() })
    await session.refresh()
  })
  const now = timezone.trim() ? timeIn(timezone.trim(), session.prefs.timeFormat) : undefined
  return (
    <Section id="timezone" title={t('timezoneTitle')}>
      <form class="stack" onSubmit={onSubmit(saver.run)} noValidate>
        <Field label={t('timezone')} name="timezone" autocomplete="off" list={listId} required value={timezone} onValue={setTimezone}
          hint={now ? `${t('timezoneHint')} ${t('timezoneNow', { time: now })}` : t('timezoneHint')}
          error={saver.fieldError('timezone', t('timezone'))} />
        <datalist id={listId}>{all.map((z) => <option key={z} value={z} />)}</datalist>
        <SaveButton saver={saver} />
        <SaveFeedback saver={saver} />
      </form>
    </Section>
  )
}
