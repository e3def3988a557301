/** Sends a friend request to the user whose friend ID is typed in (docs/api/friends.md §2.3). */
import { useState } from 'preact/hooks'
import { api, ApiError } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { onSubmit, useAction } from '../../lib/use-action'
import { Field, Notice } from '../../components/ui'
import { friendErrorMessage, knownFriendMessage } from './messages'
import { strings } from './strings'
import type { FriendRequest } from './types'

export function SendRequest({ onSent }: { onSent: () => void }) {
  const t = useT(strings)
  const lang = useLang()
  const [receiverId, setReceiverId] = useState('')
  const [sentTo, setSentTo] = useState<string>()
  const send = useAction(async () => {
    setSentTo(undefined)
    const request = await api.post('/friends/requests', { receiver_id: receiverId.trim() })
    setSentTo(request.user.name)
    setReceiverId('')
    onSent()
  })
  const raw = send.error instanceof ApiError ? send.error.field('receiver_id') : undefined
  const fieldError = knownFriendMessage(raw, lang) ?? send.fieldError('receiver_id', t('friendId'))
  return (
    <section class="card social-card" aria-labelledby="add-heading">
      <h2 id="add-heading">{t('add')}</h2>
      <form class="stack" onSubmit={onSubmit(send.run)} noValidate>
        <Field label={t('friendId')} name="receiver_id" autocomplete="off" required value={receiverId} onValue={setReceiverId}
          hint={t('friendIdHint')} error={fieldError} />
        <button type="submit" class="primary" disabled={send.pending} aria-busy={send.pending}>{t('send')}</button>
        {send.formError !== undefined && <Notice kind="error">{friendErrorMessage(send.formError, lang)}</Notice>}
        {sentTo !== undefined && <Notice kind="success">{t('sentTo', { name: sentTo })}</Notice>}
      </form>
    </section>
  )
}
