import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API, Envelope, PathParams, UuidParam } from '../../lib/http/schemas'
import { PublicProfile } from './model'
import { getPublicProfile } from './public-profile'
import { friendshipRoutes } from './friendship-routes'

/** docs/api/users.md §5: another user's public profile, with the caller's friendship to them. */
function profileRoutes(deps: Deps) {
  return new Elysia({ name: 'friends-profiles', prefix: `${API}/users` })
    .use(guard(deps))
    .get('/:user/public-profile', async ({ actor, params }) => ok(deps.clock, 'Success', await getPublicProfile(deps, actor, params.user)), {
      auth: 'user', params: PathParams({ user: UuidParam }), response: { 200: Envelope(PublicProfile) },
      detail: { tags: ['users'], summary: "Another user's public profile with friendship state, and for a friend what they share" } })
}

/**
 * friends: requests, friendships and public profiles (docs/api/friends.md, docs/api/users.md §5). No prefix of its own,
 * since Elysia adds a plugin's prefix to the routes of the plugins it mounts.
 */
export function friendsRoutes(deps: Deps) {
  return new Elysia({ name: 'friends' })
    .use(friendshipRoutes(deps))
    .use(profileRoutes(deps))
}
