/**
 * What the rows of trackers, activities and sports share: editing in place, archiving, deleting after a question,
 * and the end of their forms.
 */
import { common } from '../../components/strings'
import { Confirm } from '../../components/confirm'
import { useT } from '../../lib/i18n'
import { strings } from './strings'

/** Editing in place is the app's one way (components/editing.tsx), shared with the libraries. */
export { FormEnd, useEditing } from '../../components/editing'

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
