/**
 * The rules of the check-in streak (docs/api/streaks.md §2): skip days per month, paused ranges and sharing with
 * friends, each saved as it is changed, as the settings page saves (its useSaver: in the order made). A pause is
 * checked here for what the page can see (both dates, the end not before the start, a year at most) so the
 * person hears it in their language at once; the API checks again.
 */
import { useState } from 'preact/hooks'
import { Field, LoadState, SelectField } from '../../components/ui'
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { formatDay } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { onSubmit } from '../../lib/use-action'
import { useLoad } from '../../lib/use-load'
import { useSession } from '../../lib/session'
import { dateMs, isDate } from '../check-in/trackers'
import { SaveFeedback, useSaver } from '../settings/section'
import { strings } from './strings'

type Streaks = ApiData<'get', '/streaks'>
type Rules = Streaks['rules']
type Pause = Rules['pauses'][number]

const SKIP_DAYS = Array.from({ length: 11 }, (_, n) => ({ value: String(n), label: String(n) }))
/** docs/api/streaks.md §2: a pause lasts at most this many days. */
const LONGEST_PAUSE = 366

function pauseProblem(from: string, to: string): 'pauseDates' | 'pauseOrder' | 'pauseLong' | undefined {
  if (!isDate(from) || !isDate(to)) return 'pauseDates'
  if (to < from) return 'pauseOrder'
  if ((dateMs(to) - dateMs(from)) / 86_400_000 + 1 > LONGEST_PAUSE) return 'pauseLong'
  return undefined
}

function RulesForm({ initial }: { initial: Rules }) {
  const t = useT(strings)
  const { prefs } = useSession()
  const [rules, setRules] = useState(initial)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [problem, setProblem] = useState<ReturnType<typeof pauseProblem>>()
  const saver = useSaver(async (change: Partial<Rules>) => setRules(await api.put('/streaks/rules', change)))
  const change = (next: Partial<Rules>) => {
    setRules((r) => ({ ...r, ...next }))
    return saver.run(next)
  }
  const day = (date: string) => formatDay(date, prefs.dateFormat)
  const rangeText = (pause: Pause) => `${day(pause.from)} – ${day(pause.to)}`
  const addPause = async () => {
    const found = pauseProblem(from, to)
    setProblem(found)
    if (found) return
    const pauses = [...rules.pauses, { from, to }].sort((a, b) => a.from.localeCompare(b.from))
    if (await saver.run({ pauses })) {
      setFrom('')
      setTo('')
    }
  }
  return (
    <div class="stack">
      <SelectField label={t('skipDays')} hint={t('skipDaysHint')} name="skip_days_per_month" options={SKIP_DAYS} class="field-short"
        value={String(rules.skip_days_per_month)} onValue={(v) => change({ skip_days_per_month: Number(v) })}
        error={saver.fieldError('skip_days_per_month', t('skipDays'))} />
      <label class="own-check">
        <input type="checkbox" name="shared" checked={rules.shared} onChange={(e) => change({ shared: e.currentTarget.checked })} />
        {t('shareStreak')}
      </label>
      <h3>{t('pauses')}</h3>
      <p class="hint">{t('pausesHint')}</p>
      {rules.pauses.length === 0 ? <p class="empty">{t('noPauses')}</p> : (
        <ul class="own-list pause-list">
          {rules.pauses.map((pause, i) => (
            <li key={`${pause.from}/${pause.to}/${i}`} class="own-item pause-item">
              <span>{rangeText(pause)}</span>
              <button type="button" aria-label={t('removeWhat', { range: rangeText(pause) })} disabled={saver.pending}
                onClick={() => saver.run({ pauses: rules.pauses.filter((_, j) => j !== i) })}>{t('remove')}</button>
            </li>
          ))}
        </ul>
      )}
      <form class="stack" onSubmit={onSubmit(addPause)} noValidate>
        <div class="form-grid">
          <Field label={t('from')} type="date" name="from" value={from} onValue={setFrom} class="field-short"
            error={problem === 'pauseDates' && !isDate(from) ? t('pauseDates') : undefined} />
          <Field label={t('to')} type="date" name="to" value={to} onValue={setTo} class="field-short"
            error={problem === 'pauseDates' && !isDate(to) ? t('pauseDates')
              : problem && problem !== 'pauseDates' ? t(problem) : saver.fieldError('pauses', t('pauses'))} />
        </div>
        <div class="row"><button type="submit" disabled={saver.pending} aria-busy={saver.pending}>{t('addPause')}</button></div>
      </form>
      <SaveFeedback saver={saver} />
    </div>
  )
}

/** The current and longest run, in words. */
function RunText({ run }: { run: Streaks['check_in'] }) {
  const t = useT(strings)
  return (
    <p>
      {run.current > 0 ? t('current', { count: run.current }) : t('noStreak')}
      {run.longest > 0 && ` ${t('longest', { count: run.longest })}`}
    </p>
  )
}

export function StreakRulesSection() {
  const t = useT(strings)
  const loaded = useLoad((signal) => api.get('/streaks', { signal }), [])
  return (
    <section class="card stack own-section" aria-labelledby="own-streaks">
      <h2 id="own-streaks">{t('streaks')}</h2>
      <LoadState loaded={loaded}>
        {(streaks) => (
          <>
            <RunText run={streaks.check_in} />
            <RulesForm initial={streaks.rules} />
          </>
        )}
      </LoadState>
    </section>
  )
}
