/**
 * A definition that is a name and one optional text beside it — an activity and its group, a sport and its emoji —
 * as a form (to add one or change it) and as a row of its list: renamed in place, archived (hidden from the
 * check-in, kept on the days that have it), moved up or down where the list has an order, deleted after a question.
 */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { ErrorNotice, Field } from '../../components/ui'
import { useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { ArchiveButton, DeleteButton, FormEnd, useEditing } from './item-parts'
import { MoveButtons, type MoveProps } from './order'
import { strings } from './strings'

/** The optional text beside the name, by the API's field `key`. */
export interface ExtraField {
  key: string; label: string; maxLength: number; hint?: string
  /** A datalist of values to offer. */
  list?: string
  /** Kept after an add, for the next one (a group serves several activities). */
  keep?: boolean
  short?: boolean
}

export function NameForm<D>({ initial, extra, send, label, onSaved, onCancel }: {
  /** What is stored, to change it; a new one without. */
  initial?: { name: string; extra: string | null }
  extra: ExtraField
  /** Stores the name and the extra text (null when empty, which clears a stored one; an empty string would keep it). */
  send: (name: string, extra: string | null) => Promise<D>
  label: string
  onSaved: (saved: D) => void
  onCancel?: () => void
}) {
  const t = useT(strings)
  const [name, setName] = useState(initial?.name ?? '')
  const [more, setMore] = useState(initial?.extra ?? '')
  // A blank name is said here: the API would take it as not sent, and a rename would keep the old one.
  const [blank, setBlank] = useState(false)
  const save = useAction(async () => {
    setBlank(!name.trim())
    if (!name.trim()) return
    const saved = await send(name, more.trim() || null)
    if (!initial) {
      setName('')
      if (!extra.keep) setMore('')
    }
    onSaved(saved)
  })
  return (
    <form class="stack" onSubmit={onSubmit(save.run)} noValidate>
      <div class="form-grid">
        <Field label={t('name')} name="name" required maxLength={50} autocomplete="off" value={name} onValue={setName}
          error={blank && !name.trim() ? t('nameMissing') : save.fieldError('name', t('name'))} />
        <Field label={extra.label} name={extra.key} maxLength={extra.maxLength} autocomplete="off" list={extra.list} hint={extra.hint}
          value={more} onValue={setMore} error={save.fieldError(extra.key, extra.label)} class={extra.short ? 'field-short' : undefined} />
      </div>
      <FormEnd save={save} label={label} onCancel={onCancel} />
    </form>
  )
}

/** What the row's form is handed: `onSaved` closes it and says so. */
export interface RowForm { onSaved: (saved: { name: string }) => void; onCancel: () => void }

export function NamedItem({ name, archived, mark, order, form, setArchived, remove, question, onSaved, onDeleted }: {
  name: string; archived: boolean
  /** Shown before the name, for the eye only (an emoji). */
  mark?: ComponentChildren
  /** Where the list has an order: the row's move buttons. */
  order?: MoveProps
  form: (props: RowForm) => ComponentChildren
  setArchived: (archived: boolean) => Promise<unknown>
  remove: () => Promise<unknown>
  /** What "Delete" asks first. */
  question: string
  /** A change stored, with what to say about it. */
  onSaved: (message: string) => void
  onDeleted: () => void
}) {
  const t = useT(strings)
  const edit = useEditing()
  const archive = useAction(async () => {
    await setArchived(!archived)
    onSaved(t(archived ? 'unarchivedDone' : 'archivedDone', { name }))
  })
  return (
    <li class={archived ? 'own-item own-archived' : 'own-item'}>
      <div class="own-head">
        {mark}
        <span class="own-name">{name}</span>
        {archived && <span class="badge">{t('archived')}</span>}
      </div>
      {edit.editing ? form({
        onCancel: edit.close,
        onSaved: (saved) => {
          edit.close()
          onSaved(t('changed', { name: saved.name }))
        },
      }) : (
        <div class="row own-actions">
          {order && <MoveButtons name={name} {...order} />}
          <button type="button" ref={edit.button} aria-label={t('renameWhat', { name })} onClick={edit.open}>{t('rename')}</button>
          <ArchiveButton name={name} archived={archived} pending={archive.pending} onToggle={() => archive.run()} />
          <DeleteButton name={name} question={question} remove={remove} onDeleted={onDeleted} />
        </div>
      )}
      {archive.error !== undefined && <ErrorNotice error={archive.error} />}
    </li>
  )
}
