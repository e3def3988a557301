/**
 * Asking in the page before a destructive action. `Confirm` is a button whose question replaces it: "Cancel"
 * takes the focus (the safe choice), and the focus comes back to the button when the user keeps things as they
 * are. A table row has no room for the question, so tables show `ConfirmQuestion` in a row of its own and keep
 * their button.
 */
import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { defineStrings, useT } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { common } from './strings'
import { ErrorNotice } from './ui'

const strings = defineStrings({
  en: { yesDelete: 'Yes, delete', deleteWhat: 'Delete “{what}”', deleteQuestion: 'Delete “{what}” for good?' },
  de: { yesDelete: 'Ja, löschen', deleteWhat: '„{what}“ löschen', deleteQuestion: '„{what}“ endgültig löschen?' },
  fr: { yesDelete: 'Oui, supprimer', deleteWhat: 'Supprimer « {what} »', deleteQuestion: 'Supprimer « {what} » définitivement ?' },
  es: { yesDelete: 'Sí, eliminar', deleteWhat: 'Eliminar «{what}»', deleteQuestion: '¿Eliminar «{what}» para siempre?' },
})

export interface QuestionProps {
  /** Also the name of the question's group, so a screen reader says what is being asked. */
  question: string
  /** The answer that acts; "Yes, delete" unless given. */
  confirmLabel?: string
  /** The answer that keeps things as they are; "Cancel" unless given. */
  cancelLabel?: string
  onConfirm: () => Promise<unknown>
  /** A refusal in the page's own words, where the app's general messages would hide which rule refused. */
  renderError?: (error: unknown) => ComponentChildren
}

/** The question with its two answers; a failed action is told inside it, so the user can retry or cancel. */
export function ConfirmQuestion({ question, confirmLabel, cancelLabel, onConfirm, onCancel, renderError }: QuestionProps & {
  onCancel: () => void
}) {
  const t = useT(strings)
  const c = useT(common)
  const cancel = useRef<HTMLButtonElement>(null)
  const action = useAction(onConfirm)
  useEffect(() => { cancel.current?.focus() }, [])
  return (
    <div class="confirm" role="group" aria-label={question}>
      <p>{question}</p>
      {action.error !== undefined && (renderError ? renderError(action.error) : <ErrorNotice error={action.error} />)}
      <div class="row">
        <button type="button" class="danger" disabled={action.pending} aria-busy={action.pending} onClick={() => action.run()}>
          {confirmLabel ?? t('yesDelete')}
        </button>
        <button type="button" ref={cancel} onClick={onCancel}>{cancelLabel ?? c('cancel')}</button>
      </div>
    </div>
  )
}

/** The button that asks first. The page removes it (or its whole item) once the action has succeeded. */
export function Confirm({ label, accessibleLabel, describedBy, buttonClass = 'danger', ...question }: QuestionProps & {
  /** The button's visible text; "Delete" unless given. */
  label?: string
  /** The button's name when its text alone does not say what it acts on, e.g. "Delete “Dune”". */
  accessibleLabel?: string
  /** The id of what the button acts on, when it is named next to it. */
  describedBy?: string
  buttonClass?: string
}) {
  const c = useT(common)
  const [asking, setAsking] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  useEffect(() => {
    if (!asking && wasAsking.current) button.current?.focus()
    wasAsking.current = asking
  }, [asking])

  if (asking) return <ConfirmQuestion {...question} onCancel={() => setAsking(false)} />
  return (
    <button type="button" class={buttonClass} ref={button} aria-label={accessibleLabel} aria-describedby={describedBy}
      onClick={() => setAsking(true)}>
      {label ?? c('delete')}
    </button>
  )
}

/** Names shown in the question are cut, so a long note does not fill the screen. */
const shortName = (what: string) => (what.length > 60 ? `${what.slice(0, 57)}…` : what)

/** Deleting one named thing: "Delete “Dune”", then "Delete “Dune” for good?". */
export function ConfirmDelete({ what, onDelete }: { what: string; onDelete: () => Promise<unknown> }) {
  const t = useT(strings)
  const name = shortName(what)
  return <Confirm accessibleLabel={t('deleteWhat', { what: name })} question={t('deleteQuestion', { what: name })} onConfirm={onDelete} />
}
