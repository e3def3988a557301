import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { readJson, readQuery } from '../../lib/http/body'
import { ok, okPage } from '../../lib/http/envelope'
import { Envelope, NullEnvelope, PagedEnvelope, jsonBody } from '../../lib/http/schemas'
import type { Actor } from '../auth/tokens'
import { UserSummary } from './model-shared'
import { AdminUpdateBody } from './model'
import { listUsers } from './admin-list'
import { updateUser } from './admin-update'
import { deleteUserAsAdmin } from './admin-delete'

const tags = ['admin']

/** users.md §8. Update is open to every user for their own account, so its role checks live in the service. */
export function adminRoutes(deps: Deps) {
  const update = async ({ actor, request, params }: { actor: Actor; request: Request; params: { user: string } }) =>
    ok(deps.clock, 'User updated successfully.', await updateUser(deps, actor, params.user, readJson(request)))
  const updateOptions = {
    auth: 'user' as const,
    response: { 200: Envelope(UserSummary) },
    detail: { tags, summary: 'Update a user (self, or others as admin)', ...jsonBody(AdminUpdateBody) },
  }
  return new Elysia({ name: 'users-admin' })
    .use(authPlugin(deps))
    .get('/api/v1/users', ({ actor, request }) => {
      const { items, meta } = listUsers(deps, actor, readQuery(request))
      return okPage(deps.clock, 'Users retrieved successfully.', items, meta)
    }, {
      auth: 'admin',
      response: { 200: PagedEnvelope(UserSummary) },
      detail: { tags, summary: 'List users (paginated, `q` searches name and e-mail)' },
    })
    .put('/api/v1/users/:user', update, updateOptions)
    .patch('/api/v1/users/:user', update, updateOptions)
    .delete('/api/v1/users/:user', async ({ actor, params }) => {
      await deleteUserAsAdmin(deps, actor, params.user)
      return ok(deps.clock, 'User deleted successfully.', null)
    }, {
      auth: 'admin',
      response: { 200: NullEnvelope },
      detail: { tags, summary: 'Delete a user with all their data and files' },
    })
}
