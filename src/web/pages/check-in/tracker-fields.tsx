/**
 * One tracker as a radio group: a fieldset named by its legend, so screen readers announce "Mood, 4 of 5", and
 * the arrow keys move between the choices. A "Clear" button empties the tracker (saved as an explicit null).
 */
import type { ComponentChildren } from 'preact'
import { useId } from 'preact/hooks'
import { useT } from '../../lib/i18n'
import { scaleHint, sportName, trackerStrings } from './tracker-strings'
import { SportIcon } from './sport-icons'
import { sportCode, sportOf, type RatingTracker, type Sport } from './trackers'
import { strings } from './strings'

export interface FieldProps { value: number | null; onValue: (value: number | null) => void; error?: string }

export function TrackerFieldset({ name, legend, emoji, hint, value, onValue, error, children }: FieldProps & {
  name: string; legend: string; emoji?: string | null; hint?: string; children: (describedBy: string | undefined) => ComponentChildren
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
        <span class="tracker-empty">{value === null ? t('noValue') : ''}</span>
        <button type="button" class="link-button" onClick={() => onValue(null)} aria-label={t('clearTracker', { name: legend })}>
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
    <TrackerFieldset name={tracker} legend={tt(tracker)} hint={scaleHint(tt, tracker)} {...props}>
      {(describedBy) => <ScaleChoices name={tracker} from={1} to={5} describedBy={describedBy} {...props} />}
    </TrackerFieldset>
  )
}

/** The five sports of the settings, plus the saved one when the settings no longer offer it (so it is not hidden). */
export function SportField({ offered, ...props }: FieldProps & { offered: Sport[] }) {
  const tt = useT(trackerStrings)
  const current = props.value === null ? undefined : sportOf(props.value)
  const sports = current && !offered.includes(current) ? [...offered, current] : offered
  return (
    <TrackerFieldset name="sports" legend={tt('sports')} {...props}>
      {(describedBy) => (
        <div class="sports">
          {sports.map((sport) => (
            <label key={sport} class="choice">
              <input type="radio" name="sports" value={sportCode(sport)} checked={props.value === sportCode(sport)}
                onChange={() => props.onValue(sportCode(sport))} aria-describedby={describedBy} aria-invalid={props.error ? true : undefined} />
              <span><SportIcon sport={sport} />{sportName(tt, sport)}</span>
            </label>
          ))}
        </div>
      )}
    </TrackerFieldset>
  )
}
