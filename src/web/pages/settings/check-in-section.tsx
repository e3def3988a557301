/** Which trackers the check-in shows and which five sports it offers (docs/api/users.md §7). */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { onSubmit } from '../../lib/use-action'
import { useLoad } from '../../lib/use-load'
import { LoadState } from '../../components/ui'
import type { CheckInSettings, Sport, Tracker } from '../check-in/trackers'
import { checkInStrings } from './check-in-strings'
import { SaveButton, SaveFeedback, Section, useSaver } from './section'

/** Every tracker and sport in the order offered here; one the API adds or drops fails the type check. */
const TRACKERS = [
  'mood', 'sports', 'water', 'sleep', 'dreams', 'work', 'food_quality', 'food_amount', 'menstruation', 'alcohol', 'smoking', 'social_life',
] as const satisfies readonly Tracker[]
const SPORTS = ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder', 'yoga'] as const satisfies readonly Sport[]

/** The list with `item` switched on (appended: the stored order is the order of turning on) or off. */
const toggled = <T extends string>(list: T[], item: T, on: boolean) => (on ? [...list.filter((i) => i !== item), item] : list.filter((i) => i !== item))

function CheckInForm({ initial }: { initial: CheckInSettings }) {
  const t = useT(checkInStrings)
  const [trackers, setTrackers] = useState(initial.enabled_trackers)
  const [sports, setSports] = useState(initial.selected_sports)
  const [checked, setChecked] = useState(false)
  const saver = useSaver(async () => {
    const stored = await api.put('/users/me/settings/check-in', { enabled_trackers: trackers, selected_sports: sports })
    setTrackers(stored.enabled_trackers)
    setSports(stored.selected_sports)
  })
  const trackerProblem = trackers.length === 0 ? t('needTracker') : saver.fieldError('enabled_trackers', t('trackers'))
  const sportsProblem = sports.length !== 5 ? t('needFive') : saver.fieldError('selected_sports', t('sports'))
  const save = () => {
    setChecked(true)
    if (trackers.length > 0 && sports.length === 5) saver.run()
  }
  return (
    <form class="stack" onSubmit={onSubmit(save)} noValidate>
      <fieldset class="option-set" aria-describedby="trackers-hint">
        <legend>{t('trackers')}</legend>
        <p class="hint" id="trackers-hint">{t('trackersHint')}</p>
        <div class="option-grid">
          {TRACKERS.map((name) => (
            <label key={name} class="toggle-option">
              <input type="checkbox" name="enabled_trackers" value={name} checked={trackers.includes(name)}
                onChange={(e) => setTrackers(toggled(trackers, name, e.currentTarget.checked))} />
              {t(name === 'sports' ? 'sportsTracker' : name)}
            </label>
          ))}
        </div>
        {checked && trackerProblem && <p class="field-error">{trackerProblem}</p>}
      </fieldset>
      <fieldset class="option-set" aria-describedby="sports-hint">
        <legend>{t('sports')}</legend>
        <p class="hint" id="sports-hint">{t('sportsHint')} <span aria-live="polite">{t('sportsCount', { n: sports.length })}</span></p>
        <div class="option-grid">
          {SPORTS.map((name) => (
            <label key={name} class="toggle-option">
              <input type="checkbox" name="selected_sports" value={name} checked={sports.includes(name)}
                onChange={(e) => setSports(toggled(sports, name, e.currentTarget.checked))} />
              {t(name)}
            </label>
          ))}
        </div>
        {checked && sportsProblem && <p class="field-error">{sportsProblem}</p>}
      </fieldset>
      <SaveButton saver={saver} />
      <SaveFeedback saver={saver} />
    </form>
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
