import { Elysia, t } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API, Envelope, NullEnvelope } from '../../lib/http/schemas'
import { Friend, FriendParams, FriendRequest, FriendRequestParams, SendFriendRequestBody } from './model'
import { listFriends, removeFriend } from './friends'
import { listFriendRequests } from './requests'
import { ASKED_BY_EMAIL, sendFriendRequest } from './send'
import { acceptFriendRequest, cancelFriendRequest, rejectFriendRequest } from './answer'

const tags = ['friends']

/** docs/api/friends.md §2 */
export function friendshipRoutes(deps: Deps) {
  return new Elysia({ name: 'friendships', prefix: `${API}/friends` })
    .use(guard(deps))
    .get('', ({ actor }) => ok(deps.clock, 'Friends retrieved successfully.', listFriends(deps, actor)), { auth: 'user',
      response: { 200: Envelope(t.Array(Friend)) }, detail: { tags, summary: 'List friends' } })
    .get('/requests', ({ actor }) => ok(deps.clock, 'Friend requests retrieved successfully.', listFriendRequests(deps, actor)), {
      auth: 'user',
      response: { 200: Envelope(t.Array(FriendRequest)) },
      detail: { tags, summary: 'List pending and recently answered friend requests' },
    })
    .post('/requests', ({ actor, body, set }) => {
      const sent = sendFriendRequest(deps, actor, body, set.headers)
      if (sent) return ok(deps.clock, 'Friend request sent successfully.', sent)
      set.status = 202
      return ok(deps.clock, ASKED_BY_EMAIL, null)
    }, {
      auth: 'user',
      parse: 'json',
      body: SendFriendRequestBody.checkedByVerb,
      response: { 200: Envelope(FriendRequest), 202: NullEnvelope },
      detail: { tags, summary: 'Send a friend request by user id (200, the request) or by e-mail address (202, the same answer whoever the address is; limited per sender)' },
    })
    .put('/requests/:friendRequest/accept', ({ actor, params }) =>
      ok(deps.clock, 'Friend request accepted successfully.', acceptFriendRequest(deps, actor, params.friendRequest)), {
      auth: 'user',
      params: FriendRequestParams,
      response: { 200: Envelope(Friend) },
      detail: { tags, summary: 'Accept a received friend request' },
    })
    .put('/requests/:friendRequest/reject', ({ actor, params }) => {
      rejectFriendRequest(deps, actor, params.friendRequest)
      return ok(deps.clock, 'Friend request rejected successfully.', null)
    }, { auth: 'user', params: FriendRequestParams, response: { 200: NullEnvelope },
      detail: { tags, summary: 'Reject a received friend request' } })
    .delete('/requests/:friendRequest', ({ actor, params }) => {
      cancelFriendRequest(deps, actor, params.friendRequest)
      return ok(deps.clock, 'Friend request cancelled successfully.', null)
    }, { auth: 'user', params: FriendRequestParams, response: { 200: NullEnvelope },
      detail: { tags, summary: 'Cancel a sent friend request' } })
    .delete('/:user', ({ actor, params }) => {
      removeFriend(deps, actor, params.user)
      return ok(deps.clock, 'Friend removed successfully.', null)
    }, { auth: 'user', params: FriendParams, response: { 200: NullEnvelope }, detail: { tags, summary: 'Remove a friend' } })
}
