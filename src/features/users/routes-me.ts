import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { readForm, readJson } from '../../lib/http/body'
import { ok } from '../../lib/http/envelope'
import { Envelope, NullEnvelope, jsonBody } from '../../lib/http/schemas'
import { FullUser, Profile } from './model-shared'
import { ChangePasswordBody, ProfileImageBody, PublicProfile } from './model'
import { presentFullUser } from './present'
import { updateProfileImage } from './profile-image'
import { changePassword } from './change-password'
import { getPublicProfile } from './public-profile'

const tags = ['users']

/** users.md §2–5: the caller's own account, and other users' public profiles. */
export function meRoutes(deps: Deps) {
  return new Elysia({ name: 'users-me' })
    .use(authPlugin(deps))
    .get('/api/v1/users/me', ({ actor }) => ok(deps.clock, 'User retrieved successfully.', presentFullUser(deps, actor.user)), {
      auth: 'user',
      response: { 200: Envelope(FullUser) },
      detail: { tags, summary: 'The signed-in user with profile and settings' },
    })
    .post('/api/v1/users/me/profile-image', async ({ actor, request }) => {
      const form = await readForm(request)
      const profile = await updateProfileImage(deps, actor, { image: form.get('image'), profile_image: form.get('profile_image') })
      return ok(deps.clock, 'Profile image updated successfully.', profile)
    }, {
      auth: 'user',
      response: { 200: Envelope(Profile) },
      detail: {
        tags,
        summary: 'Upload a profile image (multipart part `image` or `profile_image`)',
        requestBody: { required: true, content: { 'multipart/form-data': { schema: ProfileImageBody } } },
      },
    })
    .put('/api/v1/users/change-password', async ({ actor, request }) => {
      await changePassword(deps, actor, readJson(request))
      return ok(deps.clock, 'Password changed successfully.', null)
    }, {
      auth: 'user',
      response: { 200: NullEnvelope },
      detail: { tags, summary: "Change the caller's password (revokes the caller's other tokens)", ...jsonBody(ChangePasswordBody) },
    })
    .get('/api/v1/users/:user/public-profile', ({ actor, params }) => ok(deps.clock, 'Success', getPublicProfile(deps, actor, params.user)), {
      auth: 'user',
      response: { 200: Envelope(PublicProfile) },
      detail: { tags, summary: "Another user's public profile with friendship state" },
    })
}
