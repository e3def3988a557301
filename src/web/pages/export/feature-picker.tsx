/**
 * Choose what goes into the archive and start the export (docs/api/export.md §2), or say when the next one may start.
 */
import { useState } from 'preact/hooks'
import { api, ApiError } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Notice } from '../../components/ui'
import { FEATURES, type Feature } from './features'
import { strings } from './strings'

export function FeaturePicker({ nextAt, onStarted }: { nextAt: Date | undefined; onStarted: () => void }) {
  const t = useT(strings)
  const { prefs } = useSession()
  const [chosen, setChosen] = useState<Feature[]>([...FEATURES])
  const [tried, setTried] = useState(false)
  const start = useAction(async () => {
    // Sent in the contract's order whatever the order of clicking, so archives of equal choices look alike.
    await api.post('/export', { features: FEATURES.filter((f) => chosen.includes(f)) })
    onStarted()
  })
  const submit = () => {
    setTried(true)
    if (chosen.length > 0) start.run()
  }
  const limited = start.error instanceof ApiError && start.error.code === 'rate_limited'
  return (
    <section class="card social-card stack" aria-labelledby="choose-heading">
      <h2 id="choose-heading">{t('choose')}</h2>
      <form class="stack" onSubmit={onSubmit(submit)} noValidate>
        <fieldset class="option-set">
          <legend class="visually-hidden">{t('choose')}</legend>
          <div class="row">
            <button type="button" onClick={() => setChosen([...FEATURES])}>{t('all')}</button>
            <button type="button" onClick={() => setChosen([])}>{t('none')}</button>
          </div>
          <div class="option-grid">
            {FEATURES.map((f) => (
              <label key={f} class="toggle-option">
                <input type="checkbox" name="features" value={f} checked={chosen.includes(f)}
                  onChange={(e) => setChosen(e.currentTarget.checked ? [...chosen, f] : chosen.filter((c) => c !== f))} />
                {t(f)}
              </label>
            ))}
          </div>
          {tried && chosen.length === 0 && <p class="field-error">{t('needOne')}</p>}
        </fieldset>
        {nextAt
          ? <Notice kind="info">{t('nextAt', { time: formatDateTime(nextAt.toISOString(), prefs) })}</Notice>
          : <p class="hint">{t('limit')}</p>}
        <button type="submit" class="primary" disabled={start.pending || nextAt !== undefined} aria-busy={start.pending}>{t('start')}</button>
        {limited ? <Notice kind="error">{t('rateLimited')}</Notice> : start.error !== undefined && <ErrorNotice error={start.error} />}
      </form>
    </section>
  )
}
