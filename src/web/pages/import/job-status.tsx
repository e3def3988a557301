/** The newest import job: its state while it runs, then what was imported, skipped or refused per kind. */
import type { ApiData } from '../../lib/api-types'
import { formatBytes, locale } from '../../lib/format'
import { useLang, useT } from '../../lib/i18n'
import { Empty, Notice, When } from '../../components/ui'
import { strings } from './strings'

/** The newest import job as the API declares it (import/model.ts). */
export type ImportJob = NonNullable<ApiData<'get', '/import/status'>>
export type ImportStatus = ImportJob['status']
export type KindCounts = NonNullable<ImportJob['counts']>[string]

export const isRunning = (job: ImportJob | null) => job?.status === 'pending' || job?.status === 'in-progress'

export function JobStatus({ job }: { job: ImportJob }) {
  const t = useT(strings)
  const lang = useLang()
  return (
    <div class="stack">
      {isRunning(job) && (
        <div class="import-progress" role="status">
          {/* Waiting has no amount yet: an indeterminate bar. */}
          {job.status === 'pending'
            ? <progress key="waiting" aria-label={t('progressLabel')} />
            : <progress key="running" aria-label={t('progressLabel')} max={100} value={job.progress} />}
          <span>{t(`status_${job.status}`, { progress: job.progress })}</span>
        </div>
      )}
      {job.status === 'completed' && <Notice kind="success">{t('status_completed')}</Notice>}
      {job.status === 'failed' && (
        <Notice kind="error">
          {t('status_failed')} {t('failedHint')}{job.error && <> <span lang="en">{job.error}</span></>}
        </Notice>
      )}
      <dl class="import-facts">
        <div><dt>{t('uploadedAt')}</dt><dd><When iso={job.created_at} /></dd></div>
        {job.completed_at && <div><dt>{t('finishedAt')}</dt><dd><When iso={job.completed_at} /></dd></div>}
        <div><dt>{t('size')}</dt><dd>{formatBytes(job.size_bytes, lang)}</dd></div>
        <div><dt>{t('mode')}</dt><dd>{t(`mode_${job.mode}`)}</dd></div>
        <div><dt>{t('withSettings')}</dt><dd>{t(`withSettings_${job.with_settings}`)}</dd></div>
      </dl>
      {job.counts && <CountsTable counts={job.counts} />}
    </div>
  )
}

function CountsTable({ counts }: { counts: Record<string, KindCounts> }) {
  const t = useT(strings)
  const number = new Intl.NumberFormat(locale(useLang()))
  const kindName = (kind: string) => {
    const key = `kind_${kind}`
    return key in strings.en ? t(key as keyof typeof strings.en) : kind
  }
  // An export lists every kind, most of them often empty: only the kinds the file held are worth a row.
  const held = Object.entries(counts).filter(([, c]) => c.imported + c.skipped + c.refused > 0)
  const title = <h3 class="import-counts-title">{t('countsTitle')}</h3>
  if (held.length === 0) return <>{title}<Empty>{t('nothingHeld')}</Empty></>
  return (
    <>
      {title}
      <table class="admin-table import-counts">
        <thead>
          <tr>
            <th scope="col">{t('kind')}</th><th scope="col">{t('imported')}</th>
            <th scope="col">{t('skipped')}</th><th scope="col">{t('notImported')}</th>
          </tr>
        </thead>
        <tbody>
          {held.map(([kind, c]) => (
            <tr key={kind}>
              <th scope="row" data-label={t('kind')}>{kindName(kind)}</th>
              <td data-label={t('imported')}>{number.format(c.imported)}</td>
              <td data-label={t('skipped')}>{number.format(c.skipped)}</td>
              <td data-label={t('notImported')}>
                <div>
                  {number.format(c.refused)}
                  {c.refused_why.length > 0 && (
                    <div class="refused-why">
                      {t('why')}
                      <ul lang="en">{c.refused_why.map((why, i) => <li key={i}>{why}</li>)}</ul>
                    </div>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
