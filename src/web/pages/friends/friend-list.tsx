/** The user's friends (docs/api/friends.md §2.1), each removable after a question asked in the row itself. */
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { Empty, Notice } from '../../components/ui'
import { Confirm } from '../../components/confirm'
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
  // The outcome is said for the whole list (the row is gone after a removal), so the question never shows an error.
  const remove = (friend: Friend) => action.run(() => api.delete(`/friends/${friend.id}`), t('removed', { name: friend.name }))

  return (
    <section class="card social-card stack" aria-labelledby="friends-heading">
      <h2 id="friends-heading">{t('list')}</h2>
      {action.error !== undefined && <Notice kind="error">{friendErrorMessage(action.error, lang)}</Notice>}
      {action.done && <Notice kind="success">{action.done}</Notice>}
      {friends.length === 0 ? <Empty>{t('noFriends')}</Empty> : (
        <ul class="list">
          {friends.map((f) => (
            <PersonRow key={f.user_id} person={f} detail={t('since', { date: dayOf(f.friends_since, prefs) })}>
              <Confirm label={t('remove')} accessibleLabel={t('removeName', { name: f.name })} question={t('confirmRemove', { name: f.name })}
                confirmLabel={t('confirmYes')} cancelLabel={t('keep')} onConfirm={() => remove(f)} />
            </PersonRow>
          ))}
        </ul>
      )}
    </section>
  )
}
