/** A labelled textarea with hint and error, like `Field` of components/ui for one-line inputs. */
import type { Ref } from 'preact'
import { useId } from 'preact/hooks'

export function TextArea({ label, hint, error, value, onValue, textRef, rows, name, onKeyDown }: {
  label: string; hint?: string; error?: string; value: string; onValue: (value: string) => void
  textRef?: Ref<HTMLTextAreaElement>; rows?: number; name?: string; onKeyDown?: (event: KeyboardEvent) => void
}) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} ref={textRef} name={name} rows={rows} value={value} onInput={(e) => onValue(e.currentTarget.value)}
        onKeyDown={onKeyDown} aria-invalid={error ? true : undefined} aria-describedby={described} />
      {hint && <p class="hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  )
}
