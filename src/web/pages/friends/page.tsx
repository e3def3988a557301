/** Friends: your link, sending a request by e-mail address (or ID), requests both ways, and your friends (docs/api/friends.md). */
import { api } from '../../lib/api'
import { useT } from '../../lib/i18n'
import { useSession } from '../../lib/session'
import { useLoad } from '../../lib/use-load'
import { LoadState, Page } from '../../components/ui'
import { FriendList } from './friend-list'
import { IncomingRequests, OutgoingRequests } from './requests'
import { SendRequest } from './send-request'
import { ShareLink } from './share-link'
import { strings } from './strings'
import type { Friend, FriendRequest } from './types'

export default function FriendsPage() {
  const t = useT(strings)
  const { user } = useSession()
  const loaded = useLoad(async (signal) => {
    const [friends, requests] = await Promise.all([
      api.get('/friends', { signal }),
      api.get('/friends/requests', { signal }),
    ])
    return { friends, requests }
  }, [])
  return (
    <Page title={t('title')}>
      <div class="grid friends-top">
        <SendRequest onSent={loaded.reload} />
        <ShareLink id={user!.id} />
      </div>
      <LoadState loaded={loaded}>
        {({ friends, requests }) => (
          <>
            <IncomingRequests requests={requests} onChange={loaded.reload} />
            <FriendList friends={friends} onChange={loaded.reload} />
            <OutgoingRequests requests={requests} onChange={loaded.reload} />
          </>
        )}
      </LoadState>
    </Page>
  )
}
