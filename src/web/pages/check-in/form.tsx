/**
 * The check-in of one date: the enabled trackers (docs/api/users.md §7) as radio groups, saved with the API's upsert.
 * Only the trackers the user changed are sent, so a value typed on another device for another tracker is kept
 * (the upsert merges: docs/api/check-in.md §3); a cleared tracker is sent as null.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { formatDateTime, formatDay } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { onSubmit, useAction } from '../../lib/use-action'
import { ErrorNotice, Notice } from '../../components/ui'
import { PAGES } from '../../paths'
import { RatingField, SportField } from './tracker-fields'
import { trackerStrings } from './tracker-strings'
import { isRating, type CheckIn, type CheckInSettings, type Tracker } from './trackers'
import { strings } from './strings'

type Values = Partial<Record<Tracker, number | null>>

const valuesOf = (entry: CheckIn | undefined, trackers: Tracker[]): Values =>
  Object.fromEntries(trackers.map((tracker) => [tracker, entry?.[tracker] ?? null]))

export function CheckInForm({ date, settings, entry: loaded }: { date: string; settings: CheckInSettings; entry: CheckIn | undefined }) {
  const t = useT(strings)
  const tt = useT(trackerStrings)
  const { prefs } = useSession()
  const trackers = settings.enabled_trackers
  const [entry, setEntry] = useState(loaded)
  const [draft, setDraft] = useState<Values>(() => valuesOf(loaded, trackers))
  const [savedNote, setSavedNote] = useState(false)

  const changed = trackers.filter((tracker) => draft[tracker] !== (entry?.[tracker] ?? null))
  const save = useAction(async () => {
    setSavedNote(false)
    const body: Values & { date: string } = { date }
    for (const tracker of changed) body[tracker] = draft[tracker]
    const stored = await api.post('/check-in', body)
    setEntry(stored)
    setDraft(valuesOf(stored, trackers))
    setSavedNote(true)
  })
  const setValue = (tracker: Tracker) => (value: number | null) => {
    setSavedNote(false)
    setDraft((d) => ({ ...d, [tracker]: value }))
  }

  return (
    <form class="check-in-form" onSubmit={onSubmit(save.run)} noValidate>
      <div class="trackers">
        {trackers.map((tracker) => {
          const field = { value: draft[tracker] ?? null, onValue: setValue(tracker), error: save.fieldError(tracker, tt(tracker)) }
          return isRating(tracker)
            ? <RatingField key={tracker} tracker={tracker} {...field} />
            : <SportField key={tracker} offered={settings.selected_sports} {...field} />
        })}
      </div>
      {save.fieldError('date', t('date')) && <p class="field-error">{save.fieldError('date', t('date'))}</p>}
      {save.formError !== undefined && <ErrorNotice error={save.formError} />}
      {savedNote && <Notice kind="success">{t('saved', { day: formatDay(date, prefs.dateFormat) })}</Notice>}
      <div class="row form-actions">
        <button type="submit" class="primary" disabled={save.pending} aria-busy={save.pending}>{t('save')}</button>
        <p class="hint">{entry ? t('lastSaved', { time: formatDateTime(entry.updated_at, prefs) }) : t('notSaved')}</p>
      </div>
      <p class="hint">{t('chooseTrackers')} <a href={PAGES.settings}>{t('settingsLink')}</a></p>
    </form>
  )
}
