import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { PagedEnvelope } from '../../lib/http/schemas'
import { pageFields } from '../../lib/http/pagination'
import { f, queryRules } from '../../lib/validation'
import { LIBRARIES } from '../libraries/fields'
import { SEARCH_SOURCES } from './schema'
import { MAX_WORDS } from './words'

/** docs/api/search.md §1 — the words to find and the page. */
export const SearchQuery = queryRules({
  q: f.string().required().describe(`the words to find (at most the first ${MAX_WORDS} count); any text is words, never syntax`),
  ...pageFields(100),
})

/** A piece of a hit's text: plain, or a word the query found (docs/api/search.md §4). */
const Segment = t.Object({ text: t.String(), mark: t.Boolean() })

/** docs/api/search.md §3 — one hit, keys in contract order. */
export const SearchHit = t.Object({
  kind: t.UnionEnum(SEARCH_SOURCES),
  library: t.Nullable(t.UnionEnum(LIBRARIES)),
  // No `format: 'uuid'` on the string: inside this union TypeBox's format check made the answer's check cost 1.5 ms
  // for 20 hits (CPU time, in-process), more than the rest of the request around the search.
  id: t.Union([t.String(), Type.Integer()], { description: 'a library item\'s UUID; a clipboard entry\'s or a check-in\'s integer id' }),
  date: t.String({ description: 'a day note\'s date (YYYY-MM-DD); else when the item or entry was created (ISO 8601)' }),
  link: t.String({ description: 'where the web app shows it (a path)' }),
  title: t.Array(Segment),
  snippet: t.Array(Segment),
})

export const SearchResponse = PagedEnvelope(SearchHit)
