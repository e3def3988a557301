/**
 * Quick add's two verbs (docs/api/quick-add.md): detect classifies input without saving or fetching; commit saves one
 * item into its library (or a clipboard entry). Used by the HTTP routes and the chat bot.
 */
import type { Deps } from '../../lib/deps'
import { userToday } from '../../lib/local-time'
import { ConflictError } from '../../lib/errors'
import type { UserRow } from '../users/schema'
import { createTextEntry } from '../clipboard/text-entry'
import { presentClipboardEntry, type ClipboardEntry } from '../clipboard/present'
import { presentLibraryItem, type LibraryItem } from '../libraries/present'
import { insertLibraryItem } from '../libraries/queries'
import { FEED_CONFLICT } from '../libraries/feed-key'
import { LIBRARY_OF, PAGE_TYPES } from './content-types'
import { detectContent, type Detection } from './detect'
import { validateCommit, validateContent, type CommitRequest } from './input'
import { buildItemData, type Fetched } from './build-item'
import { fetchFeedMeta, fetchPageMeta } from './fetch-remote'

export type CommittedClipboardEntry = ClipboardEntry & { library: 'clipboard' }
export type CommittedItem = LibraryItem | CommittedClipboardEntry

/** Detects `content` (trimmed first; required, at most 65535 characters) for `user`. */
export function detectQuickAdd(deps: Deps, user: UserRow, content: string): Detection {
  return detectContent(validateContent({ content }), userToday(user, deps.clock))
}

/** POST detect: the body's `content` (or its alias `url`), detected. */
export function detectQuickAddBody(deps: Deps, user: UserRow, body: Record<string, unknown>): Detection {
  return detectContent(validateContent(body), userToday(user, deps.clock))
}

/** The page or feed, fetched only for URL content whose title the metadata does not give (§6.1). */
async function fetchFor(deps: Deps, req: CommitRequest): Promise<Fetched> {
  const fetched: Fetched = { page: null, pageError: null, feed: null }
  if (!req.single || req.metadata.title !== undefined) return fetched
  if (PAGE_TYPES.has(req.contentType)) {
    const page = await fetchPageMeta(deps, req.single.href)
    fetched.page = page.value
    fetched.pageError = page.error ?? null
  }
  if (req.contentType === 'feed') fetched.feed = (await fetchFeedMeta(deps, req.single.href)).value
  return fetched
}

/**
 * Saves `input.content` as `input.content_type` (alias `url` for `content` accepted) and returns the created
 * item with its `library`. Throws ValidationError (422) or ConflictError (409, feed already subscribed).
 */
export async function commitQuickAdd(
  deps: Deps, user: UserRow, input: { content?: unknown; url?: unknown; content_type?: unknown; metadata?: unknown },
): Promise<CommittedItem> {
  const req = validateCommit(input)
  const library = LIBRARY_OF[req.contentType]
  if (library === 'clipboard') {
    const content = typeof req.metadata.content === 'string' ? req.metadata.content : req.content
    const { id, ...entry } = presentClipboardEntry(deps, await createTextEntry(deps, user.id, content))
    return { id, library: 'clipboard', ...entry }
  }
  const dedupeKey = library === 'feeds' ? req.single!.href : null
  if (dedupeKey !== null && await deps.stores.libraries.hasDedupeKey(user.id, library, dedupeKey)) throw new ConflictError(FEED_CONFLICT)
  const fetched = await fetchFor(deps, req)
  const data = buildItemData(req, fetched, userToday(user, deps.clock))
  // Two subscriptions racing past the check above meet the unique index: the second is a 409 too.
  return presentLibraryItem(await insertLibraryItem(deps, user.id, library, data, dedupeKey))
}
