/** Friend requests in both directions (docs/api/friends.md §2.2): answer those sent to you, withdraw your own. */
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { Empty, Notice } from '../../components/ui'
import { dayOf } from './day-of'
import { friendErrorMessage } from './messages'
import { PersonRow } from './person'
import { strings } from './strings'
import type { FriendRequest } from './types'
import { useRowAction } from './use-row-action'

interface Props { requests: FriendRequest[]; onChange: () => void }

function Outcome({ action }: { action: ReturnType<typeof useRowAction> }) {
  const lang = useLang()
  if (action.error !== undefined) return <Notice kind="error">{friendErrorMessage(action.error, lang)}</Notice>
  return action.done ? <Notice kind="success">{action.done}</Notice> : null
}

export function IncomingRequests({ requests, onChange }: Props) {
  const t = useT(strings)
  const { prefs } = useSession()
  const action = useRowAction(onChange)
  const waiting = requests.filter((r) => r.direction === 'received' && r.status === 'pending')
  return (
    <section class="card social-card stack" aria-labelledby="incoming-heading">
      <div class="section-head">
        <h2 id="incoming-heading">{t('incoming')}</h2>
        <button type="button" onClick={onChange}>{t('checkNew')}</button>
      </div>
      <Outcome action={action} />
      {waiting.length === 0 ? <Empty>{t('noIncoming')}</Empty> : (
        <ul class="list">
          {waiting.map((r) => (
            <PersonRow key={r.id} person={r.user} detail={t('sentOn', { date: dayOf(r.created_at, prefs) })}>
              <button type="button" class="primary" disabled={action.pending} aria-label={t('acceptFrom', { name: r.user.name })}
                onClick={() => action.run(() => api.put(`/friends/requests/${r.id}/accept`), t('acceptedNow', { name: r.user.name }))}>
                {t('accept')}
              </button>
              <button type="button" disabled={action.pending} aria-label={t('rejectFrom', { name: r.user.name })}
                onClick={() => action.run(() => api.put(`/friends/requests/${r.id}/reject`), t('rejectedNow', { name: r.user.name }))}>
                {t('reject')}
              </button>
            </PersonRow>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Your requests: open ones to withdraw, answered ones for a week (the API's window) so a decline is seen. */
export function OutgoingRequests({ requests, onChange }: Props) {
  const t = useT(strings)
  const { prefs } = useSession()
  const action = useRowAction(onChange)
  const sent = requests.filter((r) => r.direction === 'sent')
  const open = sent.filter((r) => r.status === 'pending')
  const answered = sent.filter((r) => r.status !== 'pending')
  return (
    <section class="card social-card stack" aria-labelledby="outgoing-heading">
      <h2 id="outgoing-heading">{t('outgoing')}</h2>
      <Outcome action={action} />
      {open.length === 0 ? <Empty>{t('noOutgoing')}</Empty> : (
        <ul class="list">
          {open.map((r) => (
            <PersonRow key={r.id} person={r.user} detail={<><span class="badge">{t('pending')}</span> {t('sentOn', { date: dayOf(r.created_at, prefs) })}</>}>
              <button type="button" disabled={action.pending} aria-label={t('withdrawTo', { name: r.user.name })}
                onClick={() => action.run(() => api.delete(`/friends/requests/${r.id}`), t('withdrawn', { name: r.user.name }))}>
                {t('withdraw')}
              </button>
            </PersonRow>
          ))}
        </ul>
      )}
      {answered.length > 0 && (
        <>
          <h3>{t('answered')}</h3>
          <ul class="list">
            {answered.map((r) => (
              <PersonRow key={r.id} person={r.user}
                detail={<><span class={`badge badge-${r.status}`}>{t(r.status)}</span> {t('answeredOn', { date: dayOf(r.updated_at, prefs) })}</>} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
