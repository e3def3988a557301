/**
 * The user's timezone (docs/api/users.md §6.1): any IANA name, picked from the browser's list while typing, saved
 * when picked or when the field is left.
 */
import { useId, useMemo } from 'preact/hooks'
import { api } from '../../lib/api'
import { formatTime, wallClock } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit } from '../../lib/use-action'
import { Field } from '../../components/ui'
import { SaveFeedback, Section, useSaver, useTextSetting } from './section'
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
  const saver = useSaver(async (zone: string) => {
    await api.put('/users/me/settings/timezone', { timezone: zone.trim() })
    await session.refresh()
  })
  const timezone = useTextSetting(session.user!.settings.timezone, saver.run)
  const now = timezone.value.trim() ? timeIn(timezone.value.trim(), session.prefs.timeFormat) : undefined
  return (
    <Section id="timezone" title={t('timezoneTitle')}>
      <form class="stack" onSubmit={onSubmit(() => timezone.commit())} noValidate>
        <Field label={t('timezone')} name="timezone" autocomplete="off" list={listId} required value={timezone.value}
          onValue={timezone.setValue} onCommit={timezone.commit}
          hint={now ? `${t('timezoneHint')} ${t('timezoneNow', { time: now })}` : t('timezoneHint')}
          error={saver.fieldError('timezone', t('timezone'))} />
        <datalist id={listId}>{all.map((z) => <option key={z} value={z} />)}</datalist>
        <SaveFeedback saver={saver} />
      </form>
    </Section>
  )
}
