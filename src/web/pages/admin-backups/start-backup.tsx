/**
 * "Start a backup now" and the live state of that run (or of one already running when the page opened): the
 * run is asked for every second until it completed, was skipped or failed.
 */
import { useEffect, useState } from 'preact/hooks'
import { api, ApiError, request } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import { useLoad } from '../../lib/use-load'
import { ErrorNotice, LoadState, Notice } from '../../components/ui'
import { formatBytes } from '../../lib/format'
import { isActive, type BackupRun } from './types'
import { strings } from './strings'

const POLL_MS = 1000

export function StartBackup({ activeRun, onSettled }: { activeRun: number | undefined; onSettled: () => void }) {
  const t = useT(strings)
  const [runId, setRunId] = useState(activeRun)
  const [joined, setJoined] = useState(false)
  const [running, setRunning] = useState(activeRun !== undefined)
  useEffect(() => {
    if (activeRun !== undefined && !running) {
      setRunId(activeRun)
      setRunning(true)
    }
  }, [activeRun])

  const start = useAction(async () => {
    const answer = await request('POST', '/admin/backups')
    // While a backup runs, the API answers that run instead of starting another.
    setJoined(answer.data.id === runId || answer.message !== 'Backup started.')
    setRunId(answer.data.id)
    setRunning(true)
  })
  const busy = start.error instanceof ApiError && start.error.code === 'backup_running'

  return (
    <section class="card stack admin-card" aria-labelledby="backup-start-title">
      <h2 id="backup-start-title">{t('startTitle')}</h2>
      <p class="hint">{t('startHint')}</p>
      {start.error !== undefined && (busy ? <Notice kind="error">{t('busy')}</Notice> : <ErrorNotice error={start.error} />)}
      <div>
        <button type="button" class="primary" disabled={start.pending || running} aria-busy={start.pending} onClick={() => start.run()}>
          {t('start')}
        </button>
      </div>
      {runId !== undefined && (
        <RunProgress key={runId} id={runId} joined={joined} onSettled={() => { setRunning(false); onSettled() }} />
      )}
    </section>
  )
}

function RunProgress({ id, joined, onSettled }: { id: number; joined: boolean; onSettled: () => void }) {
  const t = useT(strings)
  const run = useLoad((signal) => api.get(`/admin/backups/runs/${id}`, { signal }), [id])
  useEffect(() => {
    if (run.state !== 'ready') return
    if (!isActive(run.data.status)) return onSettled()
    const timer = setTimeout(run.reload, POLL_MS)
    return () => clearTimeout(timer)
  }, [run.state, run.data])

  return (
    <LoadState loaded={run}>
      {(data) => (
        <div class="stack">
          {joined && isActive(data.status) && <p class="hint">{t('alreadyRunning')}</p>}
          <RunState run={data} />
        </div>
      )}
    </LoadState>
  )
}

/** One run's outcome in words; the server's own detail (English) follows as it was written. */
function RunState({ run }: { run: BackupRun }) {
  const t = useT(strings)
  const lang = useLang()
  if (isActive(run.status)) {
    return (
      <div class="backup-progress" role="status">
        <progress aria-label={t('progressLabel')} />
        <span>{t(`run_${run.status}`)}</span>
      </div>
    )
  }
  const detail = run.error && <> <span lang="en">{run.error}</span></>
  if (run.status === 'completed') {
    return (
      <Notice kind="success">
        {t('run_completed', { file: run.file ?? '', size: run.size_bytes === null ? '' : formatBytes(run.size_bytes, lang) })}
        {detail}
      </Notice>
    )
  }
  return <Notice kind="error">{t(`run_${run.status}`)}{detail}</Notice>
}
