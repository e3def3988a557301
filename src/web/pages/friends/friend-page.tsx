/** One person's public profile (docs/api/users.md §5): image, name, and whether and since when you are friends. */
import { useState } from 'preact/hooks'
import { useRoute } from 'preact-iso'
import { api } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useAction } from '../../lib/use-action'
import { useLoad } from '../../lib/use-load'
import { LoadState, Notice, Page } from '../../components/ui'
import { PAGES } from '../../paths'
import { Avatar } from './avatar'
import { dayOf } from './day-of'
import { friendErrorMessage } from './messages'
import { strings } from './strings'
import type { PublicProfile } from './types'

function Profile({ profile }: { profile: PublicProfile }) {
  const t = useT(strings)
  const lang = useLang()
  const { user, prefs } = useSession()
  const [sent, setSent] = useState(false)
  const send = useAction(async () => {
    await api.post('/friends/requests', { receiver_id: profile.id })
    setSent(true)
  })
  const self = profile.id === user!.id
  return (
    <Page title={profile.name}>
      <div class="card social-card profile-card">
        <Avatar person={profile} size="large" />
        <div class="stack">
          <p>{self ? t('yourself') : profile.is_friend && profile.friends_since ? t('since', { date: dayOf(profile.friends_since, prefs) }) : t('notFriends')}</p>
          <p class="hint">{t('friendId')}: <code class="friend-id">{profile.id}</code></p>
          {!self && !profile.is_friend && !sent && (
            <button type="button" class="primary" disabled={send.pending} aria-busy={send.pending} onClick={() => send.run()}>{t('addThem')}</button>
          )}
          {sent && <Notice kind="success">{t('sentTo', { name: profile.name })}</Notice>}
          {send.error !== undefined && <Notice kind="error">{friendErrorMessage(send.error, lang)}</Notice>}
        </div>
      </div>
      <p><a href={PAGES.friends}>{t('back')}</a></p>
    </Page>
  )
}

export default function FriendPage() {
  const t = useT(strings)
  const { params } = useRoute()
  const userId = params.userId ?? ''
  const loaded = useLoad((signal) => api.get(`/users/${encodeURIComponent(userId)}/public-profile`, { signal }), [userId])
  if (loaded.data === undefined) {
    // The heading exists before the name is known, so the document is titled and focus lands somewhere.
    return <Page title={t('title')}><LoadState loaded={loaded}>{() => null}</LoadState><p><a href={PAGES.friends}>{t('back')}</a></p></Page>
  }
  return <Profile profile={loaded.data} />
}
