/** The report's choice: which trackers (check-in ones, then one's own), the period, and whether the notes go in. */
import { useId } from 'preact/hooks'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { formatDay } from '../../lib/format'
import { Field, SelectField } from '../../components/ui'
import { PERIODS, withPeriod, type Choice, type Pick, type Problems } from './choice'
import { strings } from './strings'

export interface TrackerOption { pick: Pick; name: string }

function TrackerGroup({ legend, options, choice, onChoice, all }: {
  legend: string; options: TrackerOption[]; choice: Choice; onChoice: (choice: Choice) => void; all: TrackerOption[]
}) {
  if (options.length === 0) return null
  // The picks stay in the page's order (check-in ones, then one's own), whatever the order of the taps.
  const toggle = (pick: Pick, on: boolean) => {
    const chosen = new Set(choice.trackers)
    if (on) chosen.add(pick)
    else chosen.delete(pick)
    onChoice({ ...choice, trackers: all.map((o) => o.pick).filter((p) => chosen.has(p)) })
  }
  return (
    <fieldset class="report-group">
      <legend>{legend}</legend>
      <div class="report-options">
        {options.map((o) => (
          <label key={String(o.pick)} class="report-option">
            <input type="checkbox" name="trackers" value={String(o.pick)} checked={choice.trackers.includes(o.pick)}
              onChange={(e) => toggle(o.pick, e.currentTarget.checked)} />
            <span>{o.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function ChoiceForm({ builtin, own, choice, onChoice, problems, today }: {
  builtin: TrackerOption[]; own: TrackerOption[]; choice: Choice; onChoice: (choice: Choice) => void; problems: Problems; today: string
}) {
  const t = useT(strings)
  const { prefs } = useSession()
  const errorId = useId()
  const all = [...builtin, ...own]
  return (
    <div class="stack">
      <fieldset class="report-trackers" aria-describedby={problems.trackers ? errorId : undefined}>
        <legend>{t('trackers')}</legend>
        <TrackerGroup legend={t('builtin')} options={builtin} choice={choice} onChoice={onChoice} all={all} />
        <TrackerGroup legend={t('own')} options={own} choice={choice} onChoice={onChoice} all={all} />
        {problems.trackers && <p class="field-error" id={errorId}>{t(problems.trackers)}</p>}
      </fieldset>
      <SelectField label={t('period')} value={choice.period} onValue={(period) => onChoice(withPeriod(choice, period, today))}
        options={PERIODS.map((p) => ({ value: p, label: t(p) }))} />
      {choice.period === 'custom'
        ? (
          <div class="report-dates">
            <Field type="date" label={t('from')} value={choice.from} max={today} onValue={(from) => onChoice({ ...choice, from })}
              error={problems.from && t(problems.from)} />
            <Field type="date" label={t('to')} value={choice.to} onValue={(to) => onChoice({ ...choice, to })} error={problems.to && t(problems.to)} />
          </div>
        )
        : <p class="hint">{t('periodText', { from: formatDay(choice.from, prefs.dateFormat), to: formatDay(choice.to, prefs.dateFormat) })}</p>}
      <div>
        <label class="report-option">
          <input type="checkbox" name="notes" checked={choice.notes} onChange={(e) => onChoice({ ...choice, notes: e.currentTarget.checked })}
            aria-describedby={`${errorId}-notes`} />
          <span>{t('notes')}</span>
        </label>
        <p class="hint" id={`${errorId}-notes`}>{t('notesHint')}</p>
      </div>
    </div>
  )
}
