import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok, okPage } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { LibraryDeleted, LibraryItemEnvelope, LibraryItemPage, LibraryItemParams, LibraryItemPatch, LibraryListQuery, LibraryParams } from './model'
import { deleteLibraryItem, listLibraryItems, showLibraryItem } from './items'
import { updateLibraryItem } from './edit'
import { refetchLink } from './refetch'

const tags = ['libraries']

/** docs/api/quick-add.md §9 and §9.1 */
export function librariesRoutes(deps: Deps) {
  return new Elysia({ name: 'libraries', prefix: `${API}/libraries` })
    .use(guard(deps))
    .get('/:type', async ({ actor, params, query }) => {
      const { items, meta } = await listLibraryItems(deps, actor.user, { type: params.type, query })
      return okPage(deps.clock, 'Items retrieved successfully.', items, meta)
    }, { auth: 'user', params: LibraryParams, query: LibraryListQuery.checkedByVerb, response: { 200: LibraryItemPage },
      detail: { tags, summary: 'List the items of one library, newest first (paginated); to-dos by state and due date' } })
    .get('/:type/:itemId', async ({ actor, params }) => ok(deps.clock, 'Item retrieved successfully.', await showLibraryItem(deps, actor.user, params)), { auth: 'user',
      params: LibraryItemParams, response: { 200: LibraryItemEnvelope }, detail: { tags, summary: 'Show one library item' } })
    .patch('/:type/:itemId', async ({ actor, params, body }) =>
      ok(deps.clock, 'Item updated successfully.', await updateLibraryItem(deps, actor.user, { ...params, body })), {
      auth: 'user', parse: 'json', params: LibraryItemParams, body: LibraryItemPatch.checkedByVerb, response: { 200: LibraryItemEnvelope },
      detail: { tags, summary: 'Change fields of one library item; a to-do is completed or reopened by is_completed' } })
    .delete('/:type/:itemId', async ({ actor, params }) => {
      await deleteLibraryItem(deps, actor.user, params)
      return ok(deps.clock, 'Item deleted successfully.', null)
    }, { auth: 'user', params: LibraryItemParams, response: { 200: LibraryDeleted },
      detail: { tags, summary: 'Delete one library item permanently' } })
    .post('/:type/:itemId/refetch', async ({ actor, params, set }) =>
      ok(deps.clock, 'Page fetched successfully.', await refetchLink(deps, actor.user, params, set.headers)), {
      auth: 'user', params: LibraryItemParams, response: { 200: LibraryItemEnvelope },
      detail: { tags, summary: 'Fetch a link’s page again for its title, description and cover' } })
}
