/**
 * Sends a friend request (docs/api/friends.md §2.3): by e-mail address, the usual way, or by a friend ID someone
 * gave. The e-mail form's answer is the same whoever the address is, so the page can only say "if".
 */
import { useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { Field, Notice } from '../../components/ui'
import { friendErrorMessage, friendFieldError } from './messages'
import { strings } from './strings'

interface FormProps {
  /** the body's field, which the API's field errors name */
  name: 'email' | 'receiver_id'
  label: string
  hint: string
  /** Sends the trimmed value (null when empty, for the API's own message) and returns what to say on success. */
  send: (value: string | null) => Promise<string>
  onSent: () => void
  type?: 'email'
}

/** One field and its button; the outcome is said under them, the field's error at the field. */
function SendForm({ name, label, hint, send, onSent, type }: FormProps) {
  const t = useT(strings)
  const lang = useLang()
  const [value, setValue] = useState('')
  const [sent, setSent] = useState<string>()
  const action = useAction(async () => {
    setSent(undefined)
    setSent(await send(value.trim() || null))
    setValue('')
    onSent()
  })
  return (
    <form class="stack" onSubmit={onSubmit(action.run)} noValidate>
      <Field label={label} name={name} type={type} inputMode={type} autocomplete="off" required value={value} onValue={setValue}
        hint={hint} error={friendFieldError(action, name, label, lang)} />
      <button type="submit" class={type === 'email' ? 'primary' : undefined} disabled={action.pending} aria-busy={action.pending}>{t('send')}</button>
      {action.formError !== undefined && <Notice kind="error">{friendErrorMessage(action.formError, lang)}</Notice>}
      {sent !== undefined && <Notice kind="success">{sent}</Notice>}
    </form>
  )
}

export function SendRequest({ onSent }: { onSent: () => void }) {
  const t = useT(strings)
  const byEmail = async (email: string | null) => {
    // A 202 whose data is null: nothing in the answer says whether anyone was asked.
    await api.post('/friends/requests', { email })
    return t('askedByEmail', { email: email ?? '' })
  }
  const byId = async (receiverId: string | null) => {
    const request = await api.post('/friends/requests', { receiver_id: receiverId })
    // The id form answers 200 with the request; the 202 with null is the e-mail form's.
    if (request === null) throw new Error('a friend request by id was answered without the request')
    return t('sentTo', { name: request.user.name })
  }
  return (
    <section class="card social-card stack" aria-labelledby="add-heading">
      <h2 id="add-heading">{t('add')}</h2>
      <SendForm name="email" type="email" label={t('email')} hint={t('emailHint')} send={byEmail} onSent={onSent} />
      <details class="by-id">
        <summary>{t('byId')}</summary>
        <SendForm name="receiver_id" label={t('friendId')} hint={t('friendIdHint')} send={byId} onSent={onSent} />
      </details>
    </section>
  )
}
