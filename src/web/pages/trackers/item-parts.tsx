/**
 * What the rows of trackers, activities and sports share: editing in place, archiving, deleting after a question,
 * and the end of their forms.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { common } from '../../components/strings'
import { Confirm } from '../../components/confirm'
import { ErrorNotice } from '../../components/ui'
import { useT } from '../../lib/i18n'
import { strings } from './strings'

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

export function ArchiveButton({ name, archived, pending, onToggle }: { name: string; archived: boolean; pending: boolean; onToggle: () => void }) {
  const t = useT(strings)
  return (
    <button type="button" aria-label={t(archived ? 'unarchiveWhat' : 'archiveWhat', { name })} disabled={pending} onClick={onToggle}>
      {t(archived ? 'unarchive' : 'archive')}
    </button>
  )
}

/** "Delete", then `question`; `remove` deletes, and `onDeleted` follows. */
export function DeleteButton({ name, question, remove, onDeleted }: {
  name: string; question: string; remove: () => Promise<unknown>; onDeleted: () => void
}) {
  const t = useT(strings)
  const c = useT(common)
  return (
    <Confirm label={c('delete')} accessibleLabel={t('deleteWhat', { name })} question={question} onConfirm={async () => {
      await remove()
      onDeleted()
    }} />
  )
}

/** A definition form's end: why saving failed when no field says it, the button that saves (or adds), and Cancel. */
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
