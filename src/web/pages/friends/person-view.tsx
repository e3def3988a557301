/**
 * One person as the signed-in user sees them (docs/api/users.md §5), reached from a list (friend-page.tsx) or from
 * their link (add-page.tsx): their image and name, where the two of you stand with the one step that fits it, and,
 * for a friend, what they share with you.
 */
import { api, ApiError } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { LoadState, Notice, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { Avatar } from './avatar'
import { dayOf } from './day-of'
import { friendErrorMessage } from './messages'
import { SharedWithYou } from './shared-with-you'
import { strings } from './strings'
import type { FriendRequest, PublicProfile } from './types'
import { useRowAction } from './use-row-action'

interface Standing { profile: PublicProfile; pending: FriendRequest | undefined }

function BackLink() {
  const t = useT(strings)
  return <p><a href={PAGES.friends}>{t('back')}</a></p>
}

/** Where the two stand, and the one thing to do about it: send, accept, or nothing. */
function Relation({ profile, pending, fromLink, onChange }: Standing & { fromLink: boolean; onChange: () => void }) {
  const t = useT(strings)
  const lang = useLang()
  const { user, prefs } = useSession()
  const action = useRowAction(onChange)
  const name = profile.name
  const outcome = action.error !== undefined
    ? <Notice kind="error">{friendErrorMessage(action.error, lang)}</Notice>
    : action.done && <Notice kind="success">{action.done}</Notice>
  if (profile.id === user!.id) return <p>{t(fromLink ? 'ownLink' : 'yourself')}</p>
  if (profile.is_friend && profile.friends_since) return <><p>{t('since', { date: dayOf(profile.friends_since, prefs) })}</p>{outcome}</>
  if (pending?.direction === 'sent') return <><p>{t('waitingForThem', { name })}</p>{outcome}</>
  if (pending) {
    return (
      <>
        <p>{t('theyAsked', { name })}</p>
        <p><button type="button" class="primary" disabled={action.pending} aria-busy={action.pending} aria-label={t('acceptFrom', { name })}
          onClick={() => action.run(() => api.put(`/friends/requests/${pending.id}/accept`), t('acceptedNow', { name }))}>{t('accept')}</button></p>
        {outcome}
      </>
    )
  }
  return (
    <>
      <p>{t('notFriends')}</p>
      <p><button type="button" class="primary" disabled={action.pending} aria-busy={action.pending}
        onClick={() => action.run(() => api.post('/friends/requests', { receiver_id: profile.id }), t('sentTo', { name }))}>{t('addThem')}</button></p>
      {outcome}
    </>
  )
}

function Person({ standing, fromLink, onChange }: { standing: Standing; fromLink: boolean; onChange: () => void }) {
  const { profile } = standing
  return (
    <Page title={profile.name}>
      <div class="card social-card profile-card">
        <Avatar person={profile} size="large" />
        <div class="stack"><Relation {...standing} fromLink={fromLink} onChange={onChange} /></div>
      </div>
      {profile.is_friend && <SharedWithYou name={profile.name} shared={profile.shared} />}
      <BackLink />
    </Page>
  )
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

export function PersonView({ userId, fromLink }: { userId: string; fromLink: boolean }) {
  const t = useT(strings)
  const loaded = useLoad(async (signal): Promise<Standing> => {
    const [profile, requests] = await Promise.all([
      api.get(`/users/${encodeURIComponent(userId)}/public-profile`, { signal }),
      api.get('/friends/requests', { signal }),
    ])
    return { profile, pending: requests.find((r) => r.status === 'pending' && r.user.id === profile.id) }
  }, [userId])
  if (loaded.state === 'error' && isNotFound(loaded.error)) {
    return <Page title={t('unknown')}><p>{t('unknownText')}</p><BackLink /></Page>
  }
  if (loaded.data === undefined) {
    // The heading exists before the name is known, so the document is titled and focus lands somewhere.
    return <Page title={t(fromLink ? 'add' : 'title')}><LoadState loaded={loaded}>{() => null}</LoadState><BackLink /></Page>
  }
  return <Person standing={loaded.data} fromLink={fromLink} onChange={loaded.reload} />
}
