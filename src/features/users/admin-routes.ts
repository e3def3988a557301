import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { okPage } from '../../lib/http/envelope'
import { API, PagedEnvelope } from '../../lib/http/schemas'
import { UserSummary } from './model-shared'
import { AdminListQuery } from './model'
import { listUsers } from './admin-list'

const tags = ['admin']

/** docs/api/users.md §8.1. Updating and deleting accounts belong to auth (account-routes.ts). */
export function adminRoutes(deps: Deps) {
  return new Elysia({ name: 'users-admin', prefix: `${API}/users` })
    .use(guard(deps))
    .get('', ({ actor, query }) => {
      const { items, meta } = listUsers(deps, actor, query)
      return okPage(deps.clock, 'Users retrieved successfully.', items, meta)
    }, { auth: 'admin', query: AdminListQuery.checkedByVerb, response: { 200: PagedEnvelope(UserSummary) },
      detail: { tags, summary: 'List users (paginated, `q` searches name and e-mail)' } })
}
