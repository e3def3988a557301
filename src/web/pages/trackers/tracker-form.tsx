/**
 * A tracker's definition, to create one or to change it in place (docs/api/trackers.md §2). Only the fields of the
 * chosen kind are shown and sent; the kind is chosen once, at creation (a PATCH ignores it). The API checks the
 * rules (a scale's ends, a number's bounds) and its refusals are shown at their fields; this form only reads what
 * was typed into numbers.
 */
import { useId, useState } from 'preact/hooks'
import { common } from '../../components/strings'
import { Field, SelectField, type Option } from '../../components/ui'
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { formatNumber, parseNumber, type OwnTracker } from '../check-in/own-trackers'
import { FormEnd } from './item-parts'
import { strings } from './strings'

type Kind = OwnTracker['kind']
const KINDS: Kind[] = ['scale', 'yesno', 'number']

/** The form's fields as typed. */
interface Draft {
  name: string; kind: Kind; emoji: string
  scaleMin: string; scaleMax: string; minLabel: string; maxLabel: string
  unit: string; numberMin: string; numberMax: string; decimals: string
}

const range = (from: number, to: number): Option[] => Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: String(from + i) }))
const SCALE_MINS = range(0, 9)
const SCALE_MAXES = range(1, 10)
const DECIMALS = range(0, 3)

function draftOf(tracker: OwnTracker | undefined, format: (n: number) => string): Draft {
  const scale = tracker?.kind === 'scale'
  const number = tracker?.kind === 'number'
  const bound = (value: number | null | undefined) => (number && value !== null && value !== undefined ? format(value) : '')
  return {
    name: tracker?.name ?? '', kind: tracker?.kind ?? 'scale', emoji: tracker?.emoji ?? '',
    scaleMin: scale ? String(tracker.min) : '1', scaleMax: scale ? String(tracker.max) : '5',
    minLabel: tracker?.min_label ?? '', maxLabel: tracker?.max_label ?? '',
    unit: tracker?.unit ?? '', numberMin: bound(tracker?.min), numberMax: bound(tracker?.max), decimals: String(tracker?.decimals ?? 0),
  }
}

/** An optional text: empty is sent as null, which clears it (an empty string would keep the stored one). */
const optional = (text: string) => text.trim() || null

/**
 * The body for the draft's kind; `undefined` while the name is blank or a bound is not a number (said at its field:
 * a blank name would be taken by the API as not sent, and a change would keep the old one without a word).
 */
function bodyOf(draft: Draft) {
  if (!draft.name.trim()) return undefined
  const base = { name: draft.name, emoji: optional(draft.emoji) }
  if (draft.kind === 'scale') {
    return { ...base, min: Number(draft.scaleMin), max: Number(draft.scaleMax), min_label: optional(draft.minLabel), max_label: optional(draft.maxLabel) }
  }
  if (draft.kind === 'yesno') return base
  const min = parseNumber(draft.numberMin)
  const max = parseNumber(draft.numberMax)
  if (Number.isNaN(min) || Number.isNaN(max)) return undefined
  return { ...base, unit: optional(draft.unit), min, max, decimals: Number(draft.decimals) }
}

export function TrackerForm({ tracker, onSaved, onCancel }: {
  /** The tracker to change; a new one without. */
  tracker?: OwnTracker
  onSaved: (saved: OwnTracker) => void
  onCancel?: () => void
}) {
  const t = useT(strings)
  const c = useT(common)
  const lang = useLang()
  const id = useId()
  const [draft, setDraft] = useState(() => draftOf(tracker, (n) => formatNumber(n, lang)))
  const [checked, setChecked] = useState(false)
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const save = useAction(async () => {
    setChecked(true)
    const body = bodyOf(draft)
    if (!body) return
    const saved = tracker ? await api.patch(`/trackers/${tracker.id}`, body) : await api.post('/trackers', { ...body, kind: draft.kind })
    if (!tracker) {
      setDraft(draftOf(undefined, String))
      setChecked(false)
    }
    onSaved(saved)
  })
  const error = (field: string, label: string) => save.fieldError(field, label)
  const notANumber = (text: string) => (checked && Number.isNaN(parseNumber(text)) ? t('notANumber') : undefined)
  return (
    <form class="tracker-form stack" onSubmit={onSubmit(save.run)} noValidate>
      <div class="form-grid">
        <Field label={t('name')} name="name" required maxLength={50} autocomplete="off" value={draft.name} onValue={set('name')}
          error={checked && !draft.name.trim() ? t('nameMissing') : error('name', t('name'))} />
        <Field label={t('emoji')} name="emoji" maxLength={16} autocomplete="off" hint={t('emojiHint')} value={draft.emoji}
          onValue={set('emoji')} error={error('emoji', t('emoji'))} class="field-short" />
      </div>
      {!tracker && (
        <fieldset class="kind-pick">
          <legend>{t('kind')}</legend>
          <div class="kind-choices">
            {KINDS.map((kind) => (
              <label key={kind} class="choice">
                <input type="radio" name={`${id}-kind`} value={kind} checked={draft.kind === kind} onChange={() => set('kind')(kind)} />
                <span>{t(kind)}</span>
              </label>
            ))}
          </div>
          {error('kind', t('kind')) && <p class="field-error">{error('kind', t('kind'))}</p>}
        </fieldset>
      )}
      {draft.kind === 'scale' && (
        <div class="form-grid">
          <SelectField label={t('scaleMin')} name="min" options={SCALE_MINS} value={draft.scaleMin} onValue={set('scaleMin')}
            error={error('min', t('scaleMin'))} class="field-short" />
          <SelectField label={t('scaleMax')} name="max" options={SCALE_MAXES} value={draft.scaleMax} onValue={set('scaleMax')}
            error={error('max', t('scaleMax'))} class="field-short" />
          <Field label={t('minLabel')} name="min_label" maxLength={40} autocomplete="off" hint={t('labelHint')} value={draft.minLabel}
            onValue={set('minLabel')} error={error('min_label', t('minLabel'))} />
          <Field label={t('maxLabel')} name="max_label" maxLength={40} autocomplete="off" value={draft.maxLabel}
            onValue={set('maxLabel')} error={error('max_label', t('maxLabel'))} />
        </div>
      )}
      {draft.kind === 'number' && (
        <div class="form-grid">
          <Field label={t('unit')} name="unit" maxLength={16} autocomplete="off" hint={t('unitHint')} value={draft.unit}
            onValue={set('unit')} error={error('unit', t('unit'))} class="field-short" />
          <SelectField label={t('decimals')} name="decimals" options={DECIMALS} value={draft.decimals} onValue={set('decimals')}
            error={error('decimals', t('decimals'))} class="field-short" />
          <Field label={t('numberMin')} name="min" inputMode="decimal" autocomplete="off" hint={t('boundHint')} value={draft.numberMin}
            onValue={set('numberMin')} error={notANumber(draft.numberMin) ?? error('min', t('numberMin'))} class="field-short" />
          <Field label={t('numberMax')} name="max" inputMode="decimal" autocomplete="off" hint={t('boundHint')} value={draft.numberMax}
            onValue={set('numberMax')} error={notANumber(draft.numberMax) ?? error('max', t('numberMax'))} class="field-short" />
        </div>
      )}
      <FormEnd save={save} label={tracker ? c('save') : t('create')} onCancel={onCancel} />
    </form>
  )
}
