/** A labelled select, the counterpart of ui.tsx's Field: error under it, tied to it for assistive technology. */
import { useId } from 'preact/hooks'

export interface Option { value: string; label: string; lang?: string }

export function SelectField({ label, value, onValue, options, error, hint, name }: {
  label: string; value: string; onValue: (value: string) => void; options: Option[]; error?: string; hint?: string; name?: string
}) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onValue(e.currentTarget.value)} aria-invalid={error ? true : undefined}
        aria-describedby={described}>
        {options.map((o) => <option key={o.value} value={o.value} lang={o.lang}>{o.label}</option>)}
      </select>
      {hint && <p class="hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  )
}
