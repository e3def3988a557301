/** When backups happen on their own, how many are kept, and where the off-site copies go (server settings). */
import type { ComponentChild } from 'preact'
import { useT } from '../../lib/i18n'
import type { BackupList } from './types'
import { strings } from './strings'

export function StorageInfo({ list }: { list: BackupList }) {
  const t = useT(strings)
  return (
    <ul class="storage-info">
      <li>
        {list.schedule
          ? fill(t('schedule', { timezone: list.schedule.timezone }), '{pattern}', <code>{list.schedule.pattern}</code>)
          : t('noSchedule')}
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
