import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API, Envelope, NullEnvelope, PathParams, UuidParam } from '../../lib/http/schemas'
import { UserSummary } from '../users/model-shared'
import { AdminUpdateBody, ChangePasswordBody } from './account-model'
import { changePassword } from './change-password'
import { updateUser } from './admin-update'
import { deleteUserAsAdmin } from './admin-delete'

const params = PathParams({ user: UuidParam })

/**
 * docs/api/users.md §4 and 8.2–8.3. Update is open to every user for their own account, so its role checks live
 * in the verb.
 */
export function accountRoutes(deps: Deps) {
  const update = async ({ actor, body, params }: { actor: Actor; body: Unchecked<typeof AdminUpdateBody>; params: { user: string } }) =>
    ok(deps.clock, 'User updated successfully.', await updateUser(deps, actor, params.user, body))
  const updateOptions = {
    auth: 'user' as const, parse: 'json' as const, params, body: AdminUpdateBody.checkedByVerb, response: { 200: Envelope(UserSummary) },
    detail: { tags: ['admin'], summary: 'Update a user (self, or others as admin)' },
  }
  return new Elysia({ name: 'auth-accounts', prefix: `${API}/users` })
    .use(guard(deps))
    .put('/change-password', async ({ actor, body }) => {
      await changePassword(deps, actor, body)
      return ok(deps.clock, 'Password changed successfully.', null)
    }, { auth: 'user', parse: 'json', body: ChangePasswordBody.checkedByVerb, response: { 200: NullEnvelope },
      detail: { tags: ['users'], summary: "Change the caller's password (revokes the caller's other tokens)" } })
    .put('/:user', update, updateOptions)
    .patch('/:user', update, updateOptions)
    .delete('/:user', async ({ actor, params }) => {
      await deleteUserAsAdmin(deps, actor, params.user)
      return ok(deps.clock, 'User deleted successfully.', null)
    }, { auth: 'admin', params, response: { 200: NullEnvelope }, detail: { tags: ['admin'], summary: 'Delete a user with all their data and files' } })
}
