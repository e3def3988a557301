/**
 * A delete button that asks in the page before it deletes: the question replaces the button, "Cancel" takes
 * the focus (the safe choice), and the focus comes back to the button when the user keeps the item.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { defineStrings, useT } from '../../lib/i18n'
import { useAction } from '../../lib/use-action'
import { common } from '../../components/strings'
import { ErrorNotice } from '../../components/ui'

const strings = defineStrings({
  en: { deleteWhat: 'Delete “{what}”', question: 'Delete “{what}” for good?', confirm: 'Yes, delete' },
  de: { deleteWhat: '„{what}“ löschen', question: '„{what}“ endgültig löschen?', confirm: 'Ja, löschen' },
  fr: { deleteWhat: 'Supprimer « {what} »', question: 'Supprimer « {what} » définitivement ?', confirm: 'Oui, supprimer' },
  es: { deleteWhat: 'Eliminar «{what}»', question: '¿Eliminar «{what}» para siempre?', confirm: 'Sí, eliminar' },
})

/** Names shown in the question are cut, so a long note does not fill the screen. */
const shortName = (what: string) => (what.length > 60 ? `${what.slice(0, 57)}…` : what)

export function ConfirmDelete({ what, onDelete }: { what: string; onDelete: () => Promise<unknown> }) {
  const t = useT(strings)
  const c = useT(common)
  const [asking, setAsking] = useState(false)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  const remove = useAction(onDelete)
  const name = shortName(what)

  useEffect(() => {
    if (asking) cancelButton.current?.focus()
    else if (wasAsking.current) deleteButton.current?.focus()
    wasAsking.current = asking
  }, [asking])

  if (!asking) {
    return (
      <button type="button" class="danger" ref={deleteButton} aria-label={t('deleteWhat', { what: name })} onClick={() => setAsking(true)}>
        {c('delete')}
      </button>
    )
  }
  return (
    <div class="confirm-delete" role="group" aria-label={t('question', { what: name })}>
      <p>{t('question', { what: name })}</p>
      {remove.error !== undefined && <ErrorNotice error={remove.error} />}
      <div class="row">
        <button type="button" class="danger" disabled={remove.pending} aria-busy={remove.pending} onClick={() => remove.run()}>{t('confirm')}</button>
        <button type="button" ref={cancelButton} onClick={() => { remove.clear(); setAsking(false) }}>{c('cancel')}</button>
      </div>
    </div>
  )
}
