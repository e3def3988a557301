/** The saved backups, newest first: where each is kept, its download and (after an in-row question) its deletion. */
import { useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { formatBytes } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import { Empty, ErrorNotice, Notice, When } from '../../components/ui'
import { ConfirmQuestion } from '../../components/confirm'
import { downloadWithToken } from '../../lib/download'
import type { BackupItem } from './types'
import { strings } from './strings'

const COLUMNS = 5

export function BackupTable({ backups, onDeleted }: { backups: BackupItem[]; onDeleted: (name: string) => void }) {
  const t = useT(strings)
  if (backups.length === 0) return <Empty>{t('none')}</Empty>
  return (
    <table class="admin-table backup-table">
      <thead>
        <tr>
          <th scope="col">{t('name')}</th><th scope="col">{t('size')}</th><th scope="col">{t('created')}</th>
          <th scope="col">{t('where')}</th><th scope="col">{t('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {backups.map((backup) => <BackupRow key={backup.name} backup={backup} onDeleted={onDeleted} />)}
      </tbody>
    </table>
  )
}

function BackupRow({ backup, onDeleted }: { backup: BackupItem; onDeleted: (name: string) => void }) {
  const t = useT(strings)
  const lang = useLang()
  const [confirming, setConfirming] = useState(false)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const local = backup.locations.includes('local')
  const offsite = backup.locations.includes('offsite')

  const download = useAction(() => downloadWithToken(`/admin/backups/${encodeURIComponent(backup.name)}/download`, backup.name))
  const remove = async () => {
    await api.delete(`/admin/backups/${encodeURIComponent(backup.name)}`)
    onDeleted(backup.name)
  }

  return (
    <>
      <tr>
        <th scope="row" data-label={t('name')} class="backup-name">{backup.name}</th>
        <td data-label={t('size')}>{formatBytes(backup.size_bytes, lang)}</td>
        <td data-label={t('created')}><When iso={backup.created_at} /></td>
        <td data-label={t('where')}>
          <span class="badges">
            {local && <span class="badge">{t('local')}</span>}
            {offsite && <span class="badge">{t('offsite')}</span>}
          </span>
        </td>
        <td data-label={t('actions')}>
          {local ? (
            <div class="row">
              <button type="button" class="small" disabled={download.pending} aria-busy={download.pending} onClick={() => download.run()}>
                {t('download')}<span class="visually-hidden"> {backup.name}</span>
              </button>
              <button type="button" class="small danger" ref={deleteButton} aria-expanded={confirming}
                onClick={() => { download.clear(); setConfirming(true) }}>
                {t('delete')}<span class="visually-hidden"> {backup.name}</span>
              </button>
            </div>
          ) : <span class="hint">{t('offsiteOnly')}</span>}
        </td>
      </tr>
      {(confirming || download.error !== undefined || download.pending) && (
        <tr class="admin-row-extra">
          <td colSpan={COLUMNS}>
            {download.pending && <p class="hint" role="status">{t('downloading')}</p>}
            {download.error !== undefined && <ErrorNotice error={download.error} />}
            {confirming && (
              <ConfirmQuestion question={t(offsite ? 'confirmDeleteOffsite' : 'confirmDelete', { name: backup.name })}
                confirmLabel={t('confirmDeleteButton')} onConfirm={remove}
                onCancel={() => { setConfirming(false); deleteButton.current?.focus() }} />
            )}
          </td>
        </tr>
      )}
    </>
  )
}

export function DeletedNotice({ name }: { name: string }) {
  const t = useT(strings)
  return <Notice kind="success">{t('deleted', { name })}</Notice>
}
