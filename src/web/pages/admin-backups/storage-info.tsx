/** When backups happen on their own (in words), how many are kept, and where the off-site copies go (server settings). */
import type { ComponentChild } from 'preact'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { scheduleInWords } from './schedule-words'
import type { BackupList } from './types'
import { strings } from './strings'

export function StorageInfo({ list }: { list: BackupList }) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  const schedule = list.schedule
  // In words where the pattern is a common one; the pattern itself (as code) where it is not.
  const when = schedule && scheduleInWords(schedule.pattern, schedule.timezone, prefs.timeFormat, lang)
  return (
    <ul class="storage-info">
      <li>
        {!schedule ? t('noSchedule')
          : when ? t('scheduleWords', { when, timezone: schedule.timezone })
            : fill(t('schedule', { timezone: schedule.timezone }), '{pattern}', <code>{schedule.pattern}</code>)}
      </li>
      <li>{t('keep', { keep: list.keep })}</li>
      <li>{list.offsite ? fill(t('offsiteWhere'), '{where}', <code>{list.offsite.where}</code>) : t('noOffsite')}</li>
      {list.offsite?.error && (
        <li class="field-error">{t('offsiteError')} <span lang="en">{list.offsite.error}</span></li>
      )}
    </ul>
  )
}

/** A translated sentence with one placeholder shown as markup (a pattern or an address in `<code>`). */
function fill(text: string, placeholder: string, node: ComponentChild) {
  const at = text.indexOf(placeholder)
  if (at < 0) return text
  return <>{text.slice(0, at)}{node}{text.slice(at + placeholder.length)}</>
}
