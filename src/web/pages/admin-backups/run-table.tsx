/** The latest backup runs (every attempt: scheduled, an admin's, the command line's), newest first. */
import { formatBytes } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { Empty, When } from '../../components/ui'
import type { BackupRun } from './types'
import { strings } from './strings'

export function RunTable({ runs }: { runs: BackupRun[] }) {
  const t = useT(strings)
  const lang = useLang()
  if (runs.length === 0) return <Empty>{t('noRuns')}</Empty>
  const when = (iso: string | null) => (iso ? <When iso={iso} /> : '—')
  return (
    <table class="admin-table run-table">
      <thead>
        <tr>
          <th scope="col">{t('started')}</th><th scope="col">{t('trigger')}</th><th scope="col">{t('status')}</th>
          <th scope="col">{t('finished')}</th><th scope="col">{t('size')}</th><th scope="col">{t('note')}</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id}>
            <th scope="row" data-label={t('started')}>{when(run.started_at ?? run.created_at)}</th>
            <td data-label={t('trigger')}>{t(`trigger_${run.trigger}`)}</td>
            <td data-label={t('status')}><span class={`run-status run-${run.status}`}>{t(`status_${run.status}`)}</span></td>
            <td data-label={t('finished')}>{when(run.finished_at)}</td>
            <td data-label={t('size')}>{run.size_bytes === null ? '—' : formatBytes(run.size_bytes, lang)}</td>
            <td data-label={t('note')}>
              <div class="run-note">
                {run.file && <span class="backup-name">{run.file}</span>}
                {run.error && <span class="run-error" lang="en">{run.error}</span>}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
