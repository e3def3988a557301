/**
 * Which trackers the check-in shows and which five sports it offers (docs/api/users.md §7). Each box saves when it
 * is ticked, as long as the choice is one the API takes (at least one tracker, exactly five sports); until then the
 * section says what is missing and nothing is sent.
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useLoad } from '../../lib/use-load'
import { LoadState } from '../../components/ui'
import { sportName, trackerStrings } from '../check-in/tracker-strings'
import type { CheckInSettings, Sport, Tracker } from '../check-in/trackers'
import { checkInStrings } from './check-in-strings'
import { SaveFeedback, Section, useSaver } from './section'

/** Every tracker and sport in the order offered here; one the API adds or drops fails the type check. */
const TRACKERS = [
  'mood', 'sports', 'water', 'sleep', 'dreams', 'work', 'food_quality', 'food_amount', 'menstruation', 'alcohol', 'smoking', 'social_life',
] as const satisfies readonly Tracker[]
const SPORTS = ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder', 'yoga'] as const satisfies readonly Sport[]
const SPORTS_TO_CHOOSE = 5

/** The list with `item` switched on (appended: the stored order is the order of turning on) or off. */
const toggled = <T extends string>(list: T[], item: T, on: boolean) => (on ? [...list.filter((i) => i !== item), item] : list.filter((i) => i !== item))

function CheckInForm({ initial }: { initial: CheckInSettings }) {
  const t = useT(checkInStrings)
  const tt = useT(trackerStrings)
  const [choice, setChoice] = useState(initial)
  const saver = useSaver((next: CheckInSettings) => api.put('/users/me/settings/check-in', next))
  const choose = (next: CheckInSettings) => {
    setChoice(next)
    if (next.enabled_trackers.length > 0 && next.selected_sports.length === SPORTS_TO_CHOOSE) saver.run(next)
  }
  const { enabled_trackers: trackers, selected_sports: sports } = choice
  const trackerProblem = trackers.length === 0 ? t('needTracker') : saver.fieldError('enabled_trackers', t('trackers'))
  const sportsProblem = sports.length !== SPORTS_TO_CHOOSE ? t('needFive') : saver.fieldError('selected_sports', t('sports'))
  return (
    <div class="stack">
      <fieldset class="option-set" aria-describedby="trackers-hint">
        <legend>{t('trackers')}</legend>
        <p class="hint" id="trackers-hint">{t('trackersHint')}</p>
        <div class="option-grid">
          {TRACKERS.map((name) => (
            <label key={name} class="toggle-option">
              <input type="checkbox" name="enabled_trackers" value={name} checked={trackers.includes(name)}
                onChange={(e) => choose({ ...choice, enabled_trackers: toggled(trackers, name, e.currentTarget.checked) })} />
              {tt(name)}
            </label>
          ))}
        </div>
        {trackerProblem && <p class="field-error">{trackerProblem}</p>}
      </fieldset>
      <fieldset class="option-set" aria-describedby="sports-hint">
        <legend>{t('sports')}</legend>
        <p class="hint" id="sports-hint">{t('sportsHint')} <span aria-live="polite">{t('sportsCount', { n: sports.length })}</span></p>
        <div class="option-grid">
          {SPORTS.map((name) => (
            <label key={name} class="toggle-option">
              <input type="checkbox" name="selected_sports" value={name} checked={sports.includes(name)}
                onChange={(e) => choose({ ...choice, selected_sports: toggled(sports, name, e.currentTarget.checked) })} />
              {sportName(tt, name)}
            </label>
          ))}
        </div>
        {sportsProblem && <p class="field-error">{sportsProblem}</p>}
      </fieldset>
      <SaveFeedback saver={saver} />
    </div>
  )
}

export function CheckInSection() {
  const t = useT(checkInStrings)
  const loaded = useLoad((signal) => api.get('/users/me/settings/check-in', { signal }), [])
  return (
    <Section id="check-in" title={t('title')}>
      <LoadState loaded={loaded}>{(settings) => <CheckInForm initial={settings} />}</LoadState>
    </Section>
  )
}
