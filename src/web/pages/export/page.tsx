/**
 * Export: choose what goes into a ZIP archive, start it, watch it being made (the status is polled while the job
 * runs), download it; one export per 24 hours, with the next possible time on the user's clock.
 */
import { useEffect } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { LoadState, Page } from '../../components/ui'
import { ExportStatus } from './export-status'
import { FeaturePicker } from './feature-picker'
import { nextExportAt, type ExportJob } from './features'
import { strings } from './strings'

const POLL_MS = 1500

export default function ExportPage() {
  const t = useT(strings)
  const loaded = useLoad((signal) => api.get('/export/status', { signal }), [])
  const job = loaded.data
  const running = loaded.state === 'ready' && (job?.status === 'pending' || job?.status === 'in-progress')
  useEffect(() => {
    if (!running) return
    const timer = setTimeout(loaded.reload, POLL_MS)
    return () => clearTimeout(timer)
  }, [running, job])
  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>
      <LoadState loaded={loaded}>
        {(latest) => (
          <>
            <ExportStatus job={latest} />
            <FeaturePicker nextAt={nextExportAt(latest)} onStarted={loaded.reload} />
          </>
        )}
      </LoadState>
    </Page>
  )
}
