/**
 * Full backups for admins (README "Backups and restore", "Off-site copy"): start one and follow it live, the
 * saved archives (download, delete), the schedule and storage, the latest runs, and how to restore.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { LoadState, Notice, Page } from '../../components/ui'
import { BackupTable, DeletedNotice } from './backup-table'
import { RestoreHelp } from './restore-help'
import { RunTable } from './run-table'
import { StartBackup } from './start-backup'
import { StorageInfo } from './storage-info'
import { isActive, type BackupList } from './types'
import { strings } from './strings'

const RECENT_RUNS = 10

export default function AdminBackupsPage() {
  const t = useT(strings)
  const list = useLoad((signal) => api.get(`/admin/backups?runs=${RECENT_RUNS}`, { signal }), [])
  const [deleted, setDeleted] = useState<string>()

  return (
    <Page title={t('title')} wide>
      <div class="backup-secret"><Notice kind="info">{t('secret')}</Notice></div>
      <LoadState loaded={list}>
        {(data) => (
          <>
            <StartBackup activeRun={data.runs.find((run) => isActive(run.status))?.id}
              onSettled={() => { setDeleted(undefined); list.reload() }} />
            <section aria-labelledby="backup-list-title">
              <h2 id="backup-list-title">{t('listTitle')}</h2>
              {deleted && <DeletedNotice name={deleted} />}
              <BackupTable backups={data.backups} onDeleted={(name) => { setDeleted(name); list.reload() }} />
            </section>
            <section aria-labelledby="backup-settings-title">
              <h2 id="backup-settings-title">{t('settingsTitle')}</h2>
              <StorageInfo list={data} />
            </section>
            <section aria-labelledby="backup-runs-title">
              <h2 id="backup-runs-title">{t('runsTitle')}</h2>
              <RunTable runs={data.runs} />
            </section>
          </>
        )}
      </LoadState>
      <RestoreHelp />
    </Page>
  )
}
