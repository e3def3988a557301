/** The latest export job (docs/api/export.md §3–5): its state while it runs, then the download, expiry or failure. */
import { ApiError } from '../../lib/api'
import { formatDateTime, locale } from '../../lib/format'
import { useLang, useT, type Lang } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useAction } from '../../lib/use-action'
import { Empty, ErrorNotice, Notice } from '../../components/ui'
import { downloadWithToken } from '../../lib/download'
import { isFeature, type ExportJob } from './features'
import { strings } from './strings'

const STATUS = { pending: 'pending', 'in-progress': 'running', completed: 'completed', failed: 'failed' } as const

function size(bytes: number, lang: Lang): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte']
  return new Intl.NumberFormat(locale(lang), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
}

export function ExportStatus({ job }: { job: ExportJob | null }) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  const download = useAction((id: number) => downloadWithToken(`/export/${id}/download`, `export_${id}.zip`))
  if (!job) {
    return <section class="card social-card stack" aria-labelledby="latest-heading"><h2 id="latest-heading">{t('latest')}</h2><Empty>{t('noExport')}</Empty></section>
  }
  const running = job.status === 'pending' || job.status === 'in-progress'
  const at = (iso: string) => formatDateTime(iso, prefs)
  const expiredNow = download.error instanceof ApiError && download.error.code === 'export_expired'
  return (
    <section class="card social-card stack" aria-labelledby="latest-heading">
      <h2 id="latest-heading">{t('latest')}</h2>
      <p class="export-state" role="status">
        <span class={`badge status-${job.status}`}>{t(STATUS[job.status])}</span>
        {running && <span class="spinner" aria-hidden="true" />}
      </p>
      {running && <p class="hint">{t('live')}</p>}
      <ul class="facts">
        <li>{t('requested', { time: at(job.created_at) })}</li>
        {job.completed_at && <li>{t('finished', { time: at(job.completed_at) })}</li>}
        {job.size_bytes !== null && <li>{t('size', { size: size(job.size_bytes, lang) })}</li>}
        <li>{t('contains', { list: job.features.map((f) => (isFeature(f) ? t(f) : f)).join(', ') })}</li>
      </ul>
      {job.status === 'failed' && (
        <Notice kind="error">{job.error === 'Export timed out.' ? t('timedOut') : t('couldNot')} {t('retry')}</Notice>
      )}
      {job.status === 'completed' && job.expires_at && (job.is_expired
        ? <Notice kind="info">{t('expired', { time: at(job.expires_at) })}</Notice>
        : (
          <>
            <p>{t('availableUntil', { time: at(job.expires_at) })}</p>
            <button type="button" class="primary" disabled={download.pending} aria-busy={download.pending} onClick={() => download.run(job.id)}>
              {t('download')}
            </button>
          </>
        ))}
      {expiredNow ? <Notice kind="error">{t('downloadExpired')}</Notice> : download.error !== undefined && <ErrorNotice error={download.error} />}
    </section>
  )
}
