/**
 * Import of a daybook export — or of another app's file, with its mapping step (foreign-form.tsx) — into one's own
 * account (README "Import of an export"): upload the file, then the
 * job's state, asked every second while it waits or runs, and the counts once it is done.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { Empty, LoadState, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { JobStatus, isRunning, type ImportJob } from './job-status'
import { UploadForm } from './upload-form'
import { ForeignForm, type ForeignFormat } from './foreign-form'
import { strings } from './strings'
import { foreignStrings } from './foreign-strings'

const FORMATS = ['daybook', 'daylio-csv', 'daylio-backup', 'loop-csv'] as const

const POLL_MS = 1000

export default function ImportPage() {
  const t = useT(strings)
  const f = useT(foreignStrings)
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('daybook')
  const session = useSession()
  const status = useLoad((signal) => api.get('/import/status', { signal }), [])
  const wasRunning = useRef(false)

  useEffect(() => {
    if (status.state !== 'ready') return
    const job = status.data
    if (isRunning(job)) {
      wasRunning.current = true
      const timer = setTimeout(status.reload, POLL_MS)
      return () => clearTimeout(timer)
    }
    // An import brings settings (language, time zone, formats): the app takes them over at once.
    if (wasRunning.current && job?.status === 'completed') session.refresh().catch(() => {})
    wasRunning.current = false
  }, [status.state, status.data])

  return (
    <Page title={t('title')}>
      <div class="import-intro">
        <p>{t('intro')} <a href={PAGES.export}>{t('exportPage')}</a></p>
        <p class="hint">{t('never')}</p>
      </div>
      <div class="field">
        <label for="import-format">{f('format')}</label>
        <select id="import-format" value={format} onChange={(e) => setFormat(e.currentTarget.value as (typeof FORMATS)[number])}>
          {FORMATS.map((name) => <option key={name} value={name}>{f(`format_${name}`)}</option>)}
        </select>
      </div>
      {format === 'daybook' ? <UploadForm onStarted={status.reload} /> : <ForeignForm key={format} format={format as ForeignFormat} onStarted={status.reload} />}
      <section aria-labelledby="import-status-title">
        <h2 id="import-status-title">{t('statusTitle')}</h2>
        <LoadState loaded={status}>
          {(job) => (job ? <JobStatus job={job} /> : <Empty>{t('noImport')}</Empty>)}
        </LoadState>
      </section>
    </Page>
  )
}
