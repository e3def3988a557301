/**
 * A calendar for a to-do's due date, so nobody has to type a keyword: picking a day writes `due:YYYY-MM-DD` into the
 * text (replacing a `due:` token already there), clearing it takes the token out. The field shows the date the
 * text's `due:` token names — as written, or as detection read it (`due:friday`).
 */
import { Field } from '../../components/ui'
import { useT } from '../../lib/i18n'
import { hasDueToken, isoDueIn, withDueDate } from './due-token'
import { strings } from './strings'

export function DuePicker({ text, onText, detected }: {
  text: string
  onText: (text: string) => void
  /** The due date detection read from this text, when it is current. */
  detected?: string | null
}) {
  const t = useT(strings)
  // Only a date from a token is shown: that token is what clearing the field takes out. A date read from a plain
  // "due tomorrow" is not, so clearing never leaves a date in place; a day picked then adds a token, which wins.
  const value = isoDueIn(text) || (detected && hasDueToken(text) ? detected : '')
  return (
    <Field type="date" class="due-field" name="due" label={t('dueDate')} hint={t('dueDateHint')} value={value}
      onValue={(date) => onText(withDueDate(text, date))} />
  )
}
