/** Changing a thing in place: its row shows a form instead of itself, and the focus comes back when it closes. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { useT } from '../lib/i18n'
import { common } from './strings'
import { ErrorNotice } from './ui'

/** Whether the row shows its form; the button that opened it gets the focus back when it closes. */
export function useEditing() {
  const [editing, setEditing] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)
  useEffect(() => {
    if (!editing && wasEditing.current) button.current?.focus()
    wasEditing.current = editing
  }, [editing])
  return { editing, button, open: () => setEditing(true), close: () => setEditing(false) }
}

/** A form's end: why saving failed when no field says it, the button that saves (or adds), and Cancel. */
export function FormEnd({ save, label, onCancel }: {
  save: { pending: boolean; formError: unknown }; label: string; onCancel?: () => void
}) {
  const c = useT(common)
  return (
    <>
      {save.formError !== undefined && <ErrorNotice error={save.formError} />}
      <div class="row">
        <button type="submit" class="primary" disabled={save.pending} aria-busy={save.pending}>{label}</button>
        {onCancel && <button type="button" onClick={onCancel}>{c('cancel')}</button>}
      </div>
    </>
  )
}
