import { Elysia, t } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { ok, okPage } from '../../lib/http/envelope'
import { readQuery } from '../../lib/http/body'
import { LIBRARIES } from './fields'
import { LibraryDeleted, LibraryItemEnvelope, LibraryItemPage } from './model'
import { deleteLibraryItem, listLibraryItems, showLibraryItem } from './service'

const TypeParam = t.Object({ type: t.String({ description: LIBRARIES.join(', ') }) })
const ItemParams = t.Object({ type: t.String({ description: LIBRARIES.join(', ') }), itemId: t.String({ format: 'uuid' }) })
const tags = ['libraries']

/** quick-add.md §9 */
export function librariesRoutes(deps: Deps) {
  return new Elysia({ name: 'libraries' })
    .use(authPlugin(deps))
    .get('/api/v1/libraries/:type', ({ actor, params, request }) => {
      const { items, meta } = listLibraryItems(deps, actor.user, { type: params.type, query: readQuery(request) })
      return okPage(deps.clock, 'Items retrieved successfully.', items, meta)
    }, {
      auth: 'user',
      params: TypeParam,
      response: { 200: LibraryItemPage },
      detail: { tags, summary: 'List the items of one library, newest first (paginated)' },
    })
    .get('/api/v1/libraries/:type/:itemId', ({ actor, params }) => {
      return ok(deps.clock, 'Item retrieved successfully.', showLibraryItem(deps, actor.user, params))
    }, {
      auth: 'user',
      params: ItemParams,
      response: { 200: LibraryItemEnvelope },
      detail: { tags, summary: 'Show one library item' },
    })
    .delete('/api/v1/libraries/:type/:itemId', ({ actor, params }) => {
      deleteLibraryItem(deps, actor.user, params)
      return ok(deps.clock, 'Item deleted successfully.', null)
    }, {
      auth: 'user',
      params: ItemParams,
      response: { 200: LibraryDeleted },
      detail: { tags, summary: 'Delete one library item permanently' },
    })
}
