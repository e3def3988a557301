/**
 * The check-in of one date: the enabled trackers (docs/api/users.md §7) as radio groups (the sports as
 * checkboxes, several a day: docs/api/check-in.md §6), then the person's own
 * trackers not archived in their order, their activities and the note (own-fields.tsx), each tap saved as it is
 * made (autosave.ts). Only the tapped tracker is sent, so a value typed on another device for another tracker is
 * kept (the upsert merges: docs/api/check-in.md §3 and §5); a cleared tracker is sent as null. The page says
 * quietly what the last tap came to, and plainly when it was not saved.
 */
import { useEffect, useState } from 'preact/hooks'
import { common } from '../../components/strings'
import { formatDateTime, formatDay } from '../../lib/format'
import { errorMessage } from '../../lib/api-messages'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { PAGES } from '../../paths'
import { useCheckInAutosave } from './autosave'
import { ActivityChips, NoteField, OwnTrackerField } from './own-fields'
import type { Activity, OwnTracker } from './own-trackers'
import { DAY_SPORTS_MAX, sportsToShow, type ListedSport } from './sports'
import { RatingField, SportsField } from './tracker-fields'
import { trackerStrings } from './tracker-strings'
import { isRating, type CheckIn, type CheckInSettings } from './trackers'
import { strings } from './strings'

export function CheckInForm({ date, settings, ownTrackers, activities, sports, entry: loaded, onUnsaved }: {
  date: string; settings: CheckInSettings; entry: CheckIn | undefined
  /** The person's own trackers and activities, archived ones included (the form leaves them out). */
  ownTrackers: OwnTracker[]; activities: Activity[]
  /** The person's sport list (docs/api/trackers.md §7), those not offered included. */
  sports: ListedSport[]
  /** Told whether a tap is not stored yet, so the page can ask before it is left. */
  onUnsaved: (unsaved: boolean) => void
}) {
  const t = useT(strings)
  const c = useT(common)
  const tt = useT(trackerStrings)
  const lang = useLang()
  const { prefs } = useSession()
  const trackers = settings.enabled_trackers
  const autosave = useCheckInAutosave(date, loaded, trackers)
  const { entry, draft, state } = autosave
  const [typing, setTyping] = useState(false)
  const shownTrackers = ownTrackers.filter((tracker) => !tracker.archived)
  const shownActivities = activities.filter((activity) => !activity.archived)
  const fieldError = (name: string, label: string) => (state === 'failed' ? autosave.fieldError(name, label) : undefined)
  // A sport the day had when the page opened stays shown when it is taken off, so it can be put back.
  const shownSports = sportsToShow(sports, [...(loaded?.sport_ids ?? []), ...draft.sport_ids])
  // The API refuses a sport at its place in the list sent (`sport_ids.2`), too many at the list.
  const sportsError = () => ['sport_ids', ...Array.from({ length: DAY_SPORTS_MAX }, (_, i) => `sport_ids.${i}`)]
    .map((name) => fieldError(name, tt('sports'))).find((message) => message !== undefined)

  useEffect(() => onUnsaved(autosave.unsaved || typing), [autosave.unsaved, typing])
  useEffect(() => () => onUnsaved(false), [])

  return (
    <div class="check-in-form">
      <p class="hint">{t('autosave')}</p>
      <div class="trackers">
        {trackers.map((tracker) => isRating(tracker)
          ? <RatingField key={tracker} tracker={tracker} value={draft[tracker] ?? null} onValue={(value) => autosave.change(tracker, value)}
            error={fieldError(tracker, tt(tracker))} />
          : <SportsField key={tracker} sports={shownSports} chosen={draft.sport_ids} onChosen={autosave.changeSports} error={sportsError()} />)}
        {shownTrackers.map((tracker) => {
          const id = String(tracker.id)
          return (
            <OwnTrackerField key={id} tracker={tracker} value={draft.values[id] ?? null} onValue={(value) => autosave.changeValue(id, value)}
              error={fieldError(`values.${id}`, tracker.name)} />
          )
        })}
      </div>
      {shownActivities.length > 0 && (
        // Only activities the API takes are sent: an archived one marked on this day is refused in the set.
        <ActivityChips activities={shownActivities} chosen={draft.activities}
          onChosen={(ids) => autosave.changeActivities(ids.filter((id) => shownActivities.some((a) => a.id === id)))} />
      )}
      <NoteField value={draft.note} onTyping={setTyping} onCommit={autosave.changeNote} error={fieldError('note', t('note'))} />
      <div class="save-state">
        <p class="save-status" role="status">
          {state === 'saving' && t('saving')}
          {state === 'saved' && t('saved', { day: formatDay(date, prefs.dateFormat) })}
        </p>
        {state === 'failed' && (
          <div class="notice notice-error save-failed" role="alert">
            <p><strong>{t('failed')}</strong> {autosave.error !== undefined && `${errorMessage(autosave.error, lang)} `}{t('keptHere')}</p>
            <button type="button" class="primary" onClick={autosave.retry}>{c('retry')}</button>
          </div>
        )}
        <p class="hint">{entry ? t('lastSaved', { time: formatDateTime(entry.updated_at, prefs) }) : t('notSaved')}</p>
      </div>
      <p class="hint">{t('chooseTrackers')} <a href={PAGES.settings}>{t('settingsLink')}</a></p>
      <p class="hint">{t('ownTrackers')} <a href={PAGES.trackers}>{t('manageTrackers')}</a></p>
    </div>
  )
}
