/**
 * One tracker as a radio group: a fieldset named by its legend, so screen readers announce "Mood, 4 of 5", and
 * the arrow keys move between the choices. A "Clear" button empties the tracker (saved as an explicit null). The
 * sports are a group of checkboxes instead: a day may have several.
 */
import type { ComponentChildren } from 'preact'
import { useId } from 'preact/hooks'
import { useT } from '../../lib/i18n'
import { scaleHint, trackerStrings } from './tracker-strings'
import { SportMark } from './sport-icons'
import { sportLabel, type ListedSport, type SportId } from './sports'
import type { RatingTracker } from './trackers'
import { strings } from './strings'

export interface FieldProps { value: number | null; onValue: (value: number | null) => void; error?: string }

/** What a tracker's frame needs of its field: whether it holds nothing, and how to empty it. */
export const clearable = ({ value, onValue }: FieldProps) => ({ empty: value === null, onClear: () => onValue(null) })

export function TrackerFieldset({ name, legend, emoji, hint, empty, onClear, error, children }: {
  name: string; legend: string; emoji?: string | null; hint?: string; empty: boolean; onClear: () => void; error?: string
  children: (describedBy: string | undefined) => ComponentChildren
}) {
  const t = useT(strings)
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <fieldset class={error ? 'tracker tracker-invalid' : 'tracker'} data-tracker={name}>
      <legend>{emoji && <span class="own-emoji" aria-hidden="true">{emoji} </span>}{legend}</legend>
      {hint && <p class="hint" id={`${id}-hint`}>{hint}</p>}
      {children(describedBy)}
      <div class="tracker-foot">
        <span class="tracker-empty">{empty ? t('noValue') : ''}</span>
        <button type="button" class="link-button" onClick={onClear} aria-label={t('clearTracker', { name: legend })}>
          {t('clear')}
        </button>
      </div>
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </fieldset>
  )
}

/** The whole numbers `from`…`to` as radios shown as buttons, one tap each. */
export function ScaleChoices({ name, from, to, value, onValue, error, describedBy }: FieldProps & {
  name: string; from: number; to: number; describedBy: string | undefined
}) {
  return (
    <div class="scale">
      {Array.from({ length: to - from + 1 }, (_, i) => from + i).map((n) => (
        <label key={n} class="choice">
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onValue(n)}
            aria-describedby={describedBy} aria-invalid={error ? true : undefined} />
          <span>{n}</span>
        </label>
      ))}
    </div>
  )
}

export function RatingField({ tracker, ...props }: FieldProps & { tracker: RatingTracker }) {
  const tt = useT(trackerStrings)
  return (
    <TrackerFieldset name={tracker} legend={tt(tracker)} hint={scaleHint(tt, tracker)} error={props.error} {...clearable(props)}>
      {(describedBy) => <ScaleChoices name={tracker} from={1} to={5} describedBy={describedBy} {...props} />}
    </TrackerFieldset>
  )
}

/**
 * The sports shown (sports.ts: those offered, then any the day has that no longer is) as checkboxes, several a day;
 * a tap hands on the day's whole list, the new one last, so the list keeps the order they were chosen in.
 */
export function SportsField({ sports, chosen, onChosen, error }: {
  sports: ListedSport[]; chosen: SportId[]; onChosen: (ids: SportId[]) => void; error?: string
}) {
  const tt = useT(trackerStrings)
  const toggle = (id: SportId, on: boolean) => onChosen(on ? [...chosen, id] : chosen.filter((c) => c !== id))
  return (
    <TrackerFieldset name="sports" legend={tt('sports')} empty={chosen.length === 0} onClear={() => onChosen([])} error={error}>
      {(describedBy) => (
        <div class="sports">
          {sports.map((sport) => (
            <label key={sport.id} class="choice">
              <input type="checkbox" name="sports" value={sport.id} checked={chosen.includes(sport.id)}
                onChange={(e) => toggle(sport.id, e.currentTarget.checked)} aria-describedby={describedBy} aria-invalid={error ? true : undefined} />
              <span><SportMark sport={sport} />{sportLabel(tt, sport)}</span>
            </label>
          ))}
        </div>
      )}
    </TrackerFieldset>
  )
}
