import { Elysia, t } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { readJson } from '../../lib/http/body'
import { ok } from '../../lib/http/envelope'
import { Envelope, NullEnvelope, jsonBody } from '../../lib/http/schemas'
import { Friend, FriendParams, FriendRequest, FriendRequestParams, SendFriendRequestBody } from './model'
import { listFriends, removeFriend } from './service'
import { listFriendRequests, sendFriendRequest } from './requests'
import { acceptFriendRequest, cancelFriendRequest, rejectFriendRequest } from './answer'

const tags = ['friends']

/** friends.md 2 */
export function friendsRoutes(deps: Deps) {
  return new Elysia({ name: 'friends' })
    .use(authPlugin(deps))
    .get('/api/v1/friends', ({ actor }) => ok(deps.clock, 'Friends retrieved successfully.', listFriends(deps, actor)), {
      auth: 'user',
      response: { 200: Envelope(t.Array(Friend)) },
      detail: { tags, summary: 'List friends' },
    })
    .get('/api/v1/friends/requests', ({ actor }) => ok(deps.clock, 'Friend requests retrieved successfully.', listFriendRequests(deps, actor)), {
      auth: 'user',
      response: { 200: Envelope(t.Array(FriendRequest)) },
      detail: { tags, summary: 'List pending and recently answered friend requests' },
    })
    .post('/api/v1/friends/requests', ({ actor, request }) =>
      ok(deps.clock, 'Friend request sent successfully.', sendFriendRequest(deps, actor, readJson(request))), {
      auth: 'user',
      response: { 200: Envelope(FriendRequest) },
      detail: { tags, summary: 'Send a friend request', ...jsonBody(SendFriendRequestBody) },
    })
    .put('/api/v1/friends/requests/:friendRequest/accept', ({ actor, params }) =>
      ok(deps.clock, 'Friend request accepted successfully.', acceptFriendRequest(deps, actor, params.friendRequest)), {
      auth: 'user',
      params: FriendRequestParams,
      response: { 200: Envelope(Friend) },
      detail: { tags, summary: 'Accept a received friend request' },
    })
    .put('/api/v1/friends/requests/:friendRequest/reject', ({ actor, params }) => {
      rejectFriendRequest(deps, actor, params.friendRequest)
      return ok(deps.clock, 'Friend request rejected successfully.', null)
    }, {
      auth: 'user',
      params: FriendRequestParams,
      response: { 200: NullEnvelope },
      detail: { tags, summary: 'Reject a received friend request' },
    })
    .delete('/api/v1/friends/requests/:friendRequest', ({ actor, params }) => {
      cancelFriendRequest(deps, actor, params.friendRequest)
      return ok(deps.clock, 'Friend request cancelled successfully.', null)
    }, {
      auth: 'user',
      params: FriendRequestParams,
      response: { 200: NullEnvelope },
      detail: { tags, summary: 'Cancel a sent friend request' },
    })
    .delete('/api/v1/friends/:user', ({ actor, params }) => {
      removeFriend(deps, actor, params.user)
      return ok(deps.clock, 'Friend removed successfully.', null)
    }, {
      auth: 'user',
      params: FriendParams,
      response: { 200: NullEnvelope },
      detail: { tags, summary: 'Remove a friend' },
    })
}
