/** The twelve quick-add content types (docs/api/quick-add.md §1) and where each one is saved. */
import type { LibraryName } from '../libraries/fields'

export const CONTENT_TYPES = ['music', 'books', 'movies', 'games', 'recipes', 'links', 'todo', 'note', 'plants', 'quotes', 'feed', 'clipboard'] as const
export type ContentType = (typeof CONTENT_TYPES)[number]

export const LIBRARY_OF: Record<ContentType, LibraryName | 'clipboard'> = {
  music: 'music', books: 'books', movies: 'movies', games: 'games', recipes: 'recipes', links: 'links',
  todo: 'todos', note: 'notes', plants: 'plants', quotes: 'quotes', feed: 'feeds', clipboard: 'clipboard',
}

/** Types whose single-URL content is limited to 2048 characters (§6). */
export const URL_CONTENT_TYPES: ReadonlySet<ContentType> = new Set(['music', 'books', 'movies', 'games', 'recipes', 'links', 'feed'])

/** Types whose content must be a single URL. */
export const URL_ONLY_TYPES: ReadonlySet<ContentType> = new Set(['links', 'feed'])

/** Types whose URL content gets its title, description and cover from the page (§6.1). */
export const PAGE_TYPES: ReadonlySet<ContentType> = new Set(['music', 'books', 'movies', 'games', 'recipes', 'links'])

/** Allowed metadata keys per type (§6.2); they are named like the fields they set. */
export const METADATA_KEYS: Record<ContentType, readonly string[]> = {
  music: ['title', 'artist', 'publication_year', 'wishlist', 'link', 'cover_url', 'description'],
  books: ['title', 'author', 'pages', 'publication_year', 'wishlist', 'link', 'cover_url', 'description'],
  movies: ['title', 'category', 'publication_year', 'wishlist', 'link', 'cover_url', 'description'],
  games: ['title', 'platform', 'developer', 'publisher', 'publication_year', 'wishlist', 'link', 'cover_url', 'description'],
  recipes: ['title', 'type', 'time_to_make', 'ingredients', 'link', 'cover_url', 'description'],
  links: ['title', 'description', 'cover_url', 'is_favorite', 'tags'],
  feed: ['title', 'site_url'],
  todo: ['title', 'description', 'priority', 'due_at', 'repeat', 'category', 'tags', 'link'],
  note: ['title', 'content'],
  quotes: ['quote', 'author', 'source'],
  plants: ['name', 'latin_name', 'location', 'sunlight', 'instructions', 'link', 'cover_url'],
  clipboard: ['content'],
}
