/** The user's friends (friends.md §2.1), each removable after a question asked in the row itself. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { Empty, Notice } from '../../components/ui'
import { dayOf } from './day-of'
import { friendErrorMessage } from './messages'
import { PersonRow } from './person'
import { strings } from './strings'
import type { Friend } from './types'
import { useRowAction } from './use-row-action'

export function FriendList({ friends, onChange }: { friends: Friend[]; onChange: () => void }) {
  const t = useT(strings)
  const lang = useLang()
  const { prefs } = useSession()
  const action = useRowAction(onChange)
  const [confirming, setConfirming] = useState<string>()
  // Focus follows the question: onto its safe answer when asked, back to the row's button when kept.
  const keep = useRef<HTMLButtonElement>(null)
  const returnTo = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (confirming) keep.current?.focus()
    else if (returnTo.current) document.getElementById(`remove-${returnTo.current}`)?.focus()
  }, [confirming])

  const remove = (friend: Friend) => {
    setConfirming(undefined)
    returnTo.current = undefined
    action.run(() => api.delete(`/friends/${friend.id}`), t('removed', { name: friend.name }))
  }

  return (
    <section class="card social-card stack" aria-labelledby="friends-heading">
      <h2 id="friends-heading">{t('list')}</h2>
      {action.error !== undefined && <Notice kind="error">{friendErrorMessage(action.error, lang)}</Notice>}
      {action.done && <Notice kind="success">{action.done}</Notice>}
      {friends.length === 0 ? <Empty>{t('noFriends')}</Empty> : (
        <ul class="list">
          {friends.map((f) => (
            <PersonRow key={f.user_id} person={f} detail={t('since', { date: dayOf(f.friends_since, prefs) })}>
              {confirming === f.id ? (
                <div class="ask-confirm" role="group" aria-label={t('removeName', { name: f.name })}>
                  <p>{t('confirmRemove', { name: f.name })}</p>
                  <div class="row">
                    <button type="button" class="danger" disabled={action.pending} onClick={() => remove(f)}>{t('confirmYes')}</button>
                    <button type="button" ref={keep} onClick={() => { returnTo.current = f.id; setConfirming(undefined) }}>{t('keep')}</button>
                  </div>
                </div>
              ) : (
                <button type="button" id={`remove-${f.id}`} class="danger" disabled={action.pending} aria-label={t('removeName', { name: f.name })}
                  onClick={() => setConfirming(f.id)}>
                  {t('remove')}
                </button>
              )}
            </PersonRow>
          ))}
        </ul>
      )}
    </section>
  )
}
