import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { okPage } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { SearchQuery, SearchResponse } from './model'
import { search } from './search'

const tags = ['search']

/** docs/api/search.md */
export function searchRoutes(deps: Deps) {
  return new Elysia({ name: 'search', prefix: `${API}/search` })
    .use(guard(deps))
    .get('', async ({ actor, query }) => {
      const { hits, meta } = await search(deps, actor, query)
      return okPage(deps.clock, 'Results retrieved successfully.', hits, meta)
    }, { auth: 'user', query: SearchQuery.checkedByVerb, response: { 200: SearchResponse }, detail: {
      tags,
      summary: 'Search one\'s library items, clipboard texts and day notes (ranked, words marked, paginated)',
      description: 'Every word of `q` must begin a word of the hit (case and accents aside); quotes, `*`, `-`, `:` and '
        + 'operators are plain text. Best first. `title` and `snippet` are segments: `{ text, mark }`, where `mark` '
        + 'says the query found that word — render them as text, never as HTML.',
    } })
}
