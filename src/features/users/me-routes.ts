import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API, Envelope } from '../../lib/http/schemas'
import { FullUser, Profile } from './model-shared'
import { ProfileImageBody } from './model'
import { presentFullUser } from './present'
import { updateProfileImage } from './profile-image'

const tags = ['users']

/** docs/api/users.md §2–3: the caller's own account. */
export function meRoutes(deps: Deps) {
  return new Elysia({ name: 'users-me', prefix: `${API}/users` })
    .use(guard(deps))
    .get('/me', ({ actor }) => ok(deps.clock, 'User retrieved successfully.', presentFullUser(deps, actor.user)), { auth: 'user',
      response: { 200: Envelope(FullUser) }, detail: { tags, summary: 'The signed-in user with profile and settings' } })
    .post('/me/profile-image', async ({ actor, body }) =>
      ok(deps.clock, 'Profile image updated successfully.', await updateProfileImage(deps, actor, body)), {
      auth: 'user',
      parse: 'formdata',
      body: ProfileImageBody.checkedByVerb,
      response: { 200: Envelope(Profile) },
      detail: { tags, summary: 'Upload a profile image (multipart part `image` or `profile_image`)' },
    })
}
