/**
 * The stored fields of a committed item (docs/api/quick-add.md §6.1): derived from the content and the fetched page
 * or feed, then overridden field by field by the metadata. Derived values are cut to the field limits.
 */
import type { FetchError, ItemData } from '../libraries/fields'
import { defaultGamePlatform } from './domains'
import type { CommitRequest } from './input'
import type { PageMeta } from './page-meta'
import type { FeedMeta } from './feed-parse'
import { noteTitle } from './detect'
import { parseTodo, TITLE_MAX } from './todo-parser'
import { collapse, cut } from './text'

export interface Fetched {
  page: PageMeta | null
  /** why the page of URL content could not be had, when it was fetched and failed */
  pageError: FetchError | null
  feed: FeedMeta | null
}

const SERIES_TYPES = new Set(['video.tv_show', 'video.episode'])

/** What a title falls back to: the URL for URL content, else the text on one line. */
function fallbackTitle(req: CommitRequest): string {
  return cut(req.single ? req.single.href : collapse(req.content), TITLE_MAX)
}

/** music, books, movies, games, recipes: URL content is the link, text is the title. */
function mediaData(req: CommitRequest, page: PageMeta | null): ItemData {
  const data: ItemData = {
    title: page?.title ?? fallbackTitle(req),
    link: req.single?.href ?? null,
    cover_url: page?.cover_url ?? null,
    description: page?.description ?? null,
  }
  if (req.contentType === 'movies') data.category = page?.og_type && SERIES_TYPES.has(page.og_type) ? 'series' : 'movie'
  if (req.contentType === 'games') data.platform = defaultGamePlatform(req.single?.hostname)
  return data
}

function todoData(req: CommitRequest, today: string): ItemData {
  return { ...parseTodo(req.content, today), description: null, priority: 'medium', is_completed: false, completed_at: null }
}

function derivedData(req: CommitRequest, fetched: Fetched, today: string): ItemData {
  const { page, pageError, feed } = fetched
  switch (req.contentType) {
    case 'links':
      // A link whose page could not be had says so, and why, until a refetch reads it (docs/api/quick-add.md §9.1).
      return {
        url: req.single!.href, title: page?.title ?? fallbackTitle(req), description: page?.description ?? null,
        cover_url: page?.cover_url ?? null, is_favorite: false, tags: [], fetch_failed: pageError !== null, fetch_error: pageError,
      }
    case 'feed':
      return { title: feed?.title ?? fallbackTitle(req), url: req.single!.href, site_url: feed?.site_url ?? null }
    case 'note':
      return { title: noteTitle(req.content), content: req.content }
    case 'quotes':
      return { quote: req.content }
    case 'plants':
      return { name: cut(collapse(req.content), TITLE_MAX) }
    case 'todo':
      return todoData(req, today)
    default:
      return mediaData(req, page)
  }
}

/** The item's fields; `today` is the user's local date (todo due dates). Not for clipboard entries. */
export function buildItemData(req: CommitRequest, fetched: Fetched, today: string): ItemData {
  const data = { ...derivedData(req, fetched, today), ...req.metadata }
  // A repeat only makes sense for a todo that ends up with a due date.
  if (req.contentType === 'todo' && !data.due_at) data.repeat = null
  return data
}
