/**
 * An item changed in place (docs/api/quick-add.md §10): the form is drawn from its library's declaration
 * (edit-fields.ts), Save sends only what changed, the API's refusals are shown at their fields, and Cancel (or
 * Escape) leaves the item as it was. The focus goes to the first field on opening; the item gives it back to its
 * Edit button on closing.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks'
import { FormEnd } from '../../components/editing'
import { common } from '../../components/strings'
import { Field, SelectField, TextArea } from '../../components/ui'
import { api } from '../../lib/api'
import { fieldMessage } from '../../lib/api-messages'
import { useLang, useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { changedFields, draftOf, editFields, emptiedRequired, type Draft, type DraftValue, type EditField } from './edit-fields'
import { itemName, type LibraryItem } from './item'
import { fieldNames, valueName, valueNames } from './names'
import { NoteEditor } from './note-editor'
import { strings } from './strings'

type FieldKey = keyof typeof fieldNames.en

/** What a field's hint says, where its control alone does not. */
const HINTS: Partial<Record<string, 'minutesHint' | 'tagsHint'>> = { time_to_make: 'minutesHint', tags: 'tagsHint' }

export function ItemEditForm({ item, onSaved, onCancel }: {
  item: LibraryItem
  /** The item as the API answered the change. */
  onSaved: (saved: LibraryItem) => void
  onCancel: () => void
}) {
  const t = useT(strings)
  const c = useT(common)
  const f = useT(fieldNames)
  const lang = useLang()
  const form = useRef<HTMLFormElement>(null)
  const [draft, setDraft] = useState<Draft>(() => draftOf(item))
  const [checked, setChecked] = useState(false)
  const save = useAction(async () => {
    setChecked(true)
    if (emptiedRequired(item, draft).length > 0) return
    const changes = changedFields(item, draft)
    // Nothing changed: nothing to send, the item stays as it is.
    if (Object.keys(changes).length === 0) return onCancel()
    onSaved(await api.patch(`/libraries/${item.library}/${item.id}`, changes))
  })
  useEffect(() => { form.current?.querySelector<HTMLElement>('input, textarea, select')?.focus() }, [])

  const emptied = checked ? emptiedRequired(item, draft) : []
  const errorOf = (key: string, label: string) => emptied.includes(key)
    // The API's own words for a required field (it would take an empty one as not sent and keep the old value).
    ? fieldMessage(`The ${key.replace(/_/g, ' ')} field is required.`, label, lang)
    : save.fieldError(key, label)

  return (
    <form ref={form} class="item-edit stack" aria-label={t('editWhat', { what: itemName(item) })} noValidate onSubmit={onSubmit(save.run)}
      onKeyDown={(e) => { if (e.key === 'Escape' && !e.defaultPrevented) { e.preventDefault(); onCancel() } }}>
      {editFields(item.library).map(([key, field]) => {
        const label = f(key as FieldKey)
        const hint = HINTS[key]
        return (
          <EditControl key={key} name={key} field={field} label={label} hint={hint && t(hint)} error={errorOf(key, label)}
            value={draft[key] ?? ''} onValue={(value) => setDraft((d) => ({ ...d, [key]: value }))} />
        )
      })}
      <FormEnd save={save} label={c('save')} onCancel={onCancel} />
    </form>
  )
}

function EditControl({ name, field, label, hint, error, value, onValue }: {
  name: string; field: EditField; label: string; hint?: string; error?: string; value: DraftValue; onValue: (value: DraftValue) => void
}) {
  const t = useT(strings)
  const v = useT(valueNames)
  const text = String(value)
  const props = { name, label, hint, error }
  switch (field.kind) {
    case 'boolean': return <CheckField name={name} label={label} error={error} checked={value === true} onChecked={onValue} />
    case 'enum': {
      const options = field.values.map((option) => ({ value: option, label: valueName(v, name, option) }))
      return <SelectField {...props} class="field-short" value={text} onValue={onValue}
        options={field.nullable ? [{ value: '', label: t('none') }, ...options] : options} />
    }
    case 'markdown': return <NoteEditor {...props} value={text} onValue={onValue} />
    case 'longText': return <TextArea {...props} rows={4} value={text} onValue={onValue} />
    case 'integer': return <Field {...props} class="field-short" inputMode="numeric" autocomplete="off" value={text} onValue={onValue} />
    case 'date': return <Field {...props} class="field-short" type="date" value={text} onValue={onValue} />
    case 'url': return <Field {...props} type="url" inputMode="url" autocomplete="off" value={text} onValue={onValue} />
    default: return <Field {...props} autocomplete="off" value={text} onValue={onValue} />
  }
}

/** A labelled check box, its error tied to it like the other fields'. */
function CheckField({ name, label, error, checked, onChecked }: {
  name: string; label: string; error?: string; checked: boolean; onChecked: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div class="field field-check">
      <label class="toggle-option">
        <input type="checkbox" name={name} checked={checked} aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChecked(e.currentTarget.checked)} />
        {label}
      </label>
      {error && <p class="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  )
}
