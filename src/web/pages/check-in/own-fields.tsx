/**
 * One's own trackers on the check-in (docs/api/check-in.md §5), beside the built-in ones and framed like them: a
 * scale as its numbers (with the words for its ends), yes/no as two toggle buttons, a number as a field with its
 * unit that is saved when left or on Enter; then the activities as toggle chips under their groups, and the note.
 * A number is read as typed (a comma as the decimal mark too), checked against its bounds here so a refused value
 * never waits in the save queue, and stored with its tracker's decimals.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks'
import { TextArea } from '../../components/ui'
import { useLang, useT, type Lang, type Translate } from '../../lib/i18n'
import { byGroup, formatNumber, parseNumber, type Activity, type OwnTracker } from './own-trackers'
import { ScaleChoices, TrackerFieldset, clearable, type FieldProps } from './tracker-fields'
import type { ActivityId } from './autosave'
import { strings } from './strings'

type T = Translate<keyof typeof strings.en>

/** "1 = bad · 5 = great", one end alone when only it has a word. */
function scaleWords(t: T, { min, max, min_label: low, max_label: high }: OwnTracker): string | undefined {
  const ends = [low && t('scaleEnd', { n: min ?? '', word: low }), high && t('scaleEnd', { n: max ?? '', word: high })].filter(Boolean)
  return ends.length > 0 ? ends.join(' · ') : undefined
}

function YesNo(props: FieldProps) {
  const t = useT(strings)
  // Tapping the pressed answer again takes it back, as a toggle does.
  const answer = (n: number) => props.onValue(props.value === n ? null : n)
  return (
    <div class="yes-no">
      {([[1, 'yes'], [0, 'no']] as const).map(([n, word]) => (
        <button key={word} type="button" class="toggle" aria-pressed={props.value === n} onClick={() => answer(n)}>{t(word)}</button>
      ))}
    </div>
  )
}

/** The reason a typed number cannot be stored, or its value rounded to the tracker's decimals (null: empty). */
function readNumber(t: T, tracker: OwnTracker, text: string, lang: Lang): { value: number | null } | { problem: string } {
  const typed = parseNumber(text)
  if (typed === null) return { value: null }
  if (Number.isNaN(typed)) return { problem: t('notANumber') }
  const value = Number(typed.toFixed(tracker.decimals))
  const n = (bound: number) => formatNumber(bound, lang)
  const { min, max } = tracker
  if (min !== null && max !== null && (value < min || value > max)) return { problem: t('between', { min: n(min), max: n(max) }) }
  if (min !== null && value < min) return { problem: t('atLeast', { min: n(min) }) }
  if (max !== null && value > max) return { problem: t('atMost', { max: n(max) }) }
  return { value }
}

function NumberInput({ tracker, value, onValue, error, describedBy }: FieldProps & { tracker: OwnTracker; describedBy: string | undefined }) {
  const t = useT(strings)
  const lang = useLang()
  const id = useId()
  const shownText = (v: number | null) => (v === null ? '' : formatNumber(v, lang, tracker.decimals))
  const [text, setText] = useState(shownText(value))
  const [problem, setProblem] = useState<string>()
  // A value cleared or changed outside the field (its Clear button) is shown in it.
  useEffect(() => {
    if (problem === undefined && parseNumber(text) !== value) setText(shownText(value))
  }, [value])
  const commit = (typed: string) => {
    const read = readNumber(t, tracker, typed, lang)
    if ('problem' in read) return setProblem(read.problem)
    setProblem(undefined)
    setText(shownText(read.value))
    onValue(read.value)
  }
  const message = problem ?? error
  const described = [describedBy, message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div class="own-number">
      <label for={id}>{tracker.unit ?? t('value')}</label>
      <input id={id} type="text" inputMode={tracker.decimals > 0 ? 'decimal' : 'numeric'} autocomplete="off" value={text}
        onInput={(e) => setText(e.currentTarget.value)} onChange={(e) => commit(e.currentTarget.value)}
        aria-describedby={described} aria-invalid={message ? true : undefined} />
      {message && <p class="field-error" id={`${id}-error`}>{message}</p>}
    </div>
  )
}

/** One own tracker, by its kind. */
export function OwnTrackerField({ tracker, ...props }: FieldProps & { tracker: OwnTracker }) {
  const t = useT(strings)
  const name = `own-${tracker.id}`
  const hint = tracker.kind === 'scale' ? scaleWords(t, tracker)
    : tracker.kind === 'number' && tracker.decimals > 0 ? t('places', { count: tracker.decimals }) : undefined
  return (
    <TrackerFieldset name={name} legend={tracker.name} emoji={tracker.emoji} hint={hint} {...clearable(props)}
      error={tracker.kind === 'number' ? undefined : props.error}>
      {(describedBy) => tracker.kind === 'scale'
        ? <ScaleChoices name={name} from={tracker.min ?? 1} to={tracker.max ?? 5} describedBy={describedBy} {...props} />
        : tracker.kind === 'yesno' ? <YesNo {...props} />
        : <NumberInput tracker={tracker} describedBy={describedBy} {...props} />}
    </TrackerFieldset>
  )
}

/** The activities not archived as toggle chips, under their groups; a tap sends the day's whole set. */
export function ActivityChips({ activities, chosen, onChosen }: {
  activities: Activity[]; chosen: ActivityId[]; onChosen: (ids: ActivityId[]) => void
}) {
  const t = useT(strings)
  const toggle = (id: ActivityId) => onChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id])
  const chips = (list: Activity[]) => (
    <div class="chips">
      {list.map((activity) => (
        <button key={activity.id} type="button" class="toggle chip" aria-pressed={chosen.includes(activity.id)}
          onClick={() => toggle(activity.id)}>{activity.name}</button>
      ))}
    </div>
  )
  return (
    <fieldset class="tracker activities">
      <legend>{t('activities')}</legend>
      {byGroup(activities).map(({ group, activities: list }) => group === null
        ? <div key="">{chips(list)}</div>
        : (
          <fieldset key={group} class="chip-group">
            <legend>{group}</legend>
            {chips(list)}
          </fieldset>
        ))}
    </fieldset>
  )
}

/** How long typing must pause before the note is saved: one request for a sentence, not one per key. */
const NOTE_PAUSE_MS = 1200

/**
 * The note of the day, saved when the person pauses typing or leaves the field. While typed text is not yet
 * handed to the save queue, `onTyping(true)` says so (the page asks before it is left).
 */
export function NoteField({ value, onCommit, onTyping, error }: {
  value: string | null; onCommit: (note: string | null) => void; onTyping: (typing: boolean) => void; error?: string
}) {
  const t = useT(strings)
  const [text, setText] = useState(value ?? '')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(text)
  const commit = () => {
    clearTimeout(timer.current)
    timer.current = undefined
    onTyping(false)
    onCommit(latest.current.trim() || null)
  }
  useEffect(() => () => clearTimeout(timer.current), [])
  const type = (typed: string) => {
    setText(typed)
    latest.current = typed
    onTyping(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(commit, NOTE_PAUSE_MS)
  }
  return (
    <div class="note-field" onFocusOut={() => timer.current !== undefined && commit()}>
      <TextArea label={t('note')} hint={t('noteHint')} name="note" rows={4} value={text} onValue={type} error={error} />
    </div>
  )
}
