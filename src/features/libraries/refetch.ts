/**
 * A link's page fetched again (docs/api/quick-add.md §9.1), through quick add's guarded fetcher: success takes the
 * page's title, description and cover (one the page lacks keeps the item's) and clears `fetch_failed`; a failure
 * changes nothing and answers why.
 */
import { HOUR } from '../../lib/clock'
import type { Deps } from '../../lib/deps'
import { NotFoundError, UnprocessableError, UpstreamError } from '../../lib/errors'
import { consumeRateLimits, type Limiter } from '../../lib/http/rate-limit'
import { FETCH_TIMEOUT_MS, FETCH_MAX_REDIRECTS } from '../../lib/safe-fetch'
import type { UserRow } from '../users/schema'
import { fetchPageMeta, type FetchOutcome } from '../quick-add/fetch-remote'
import type { PageMeta } from '../quick-add/page-meta'
import { presentLibraryItem, storedData, type LibraryItem, type LibraryItemRow } from './present'
import { withDefaults } from './fields'
import { DUPLICATE } from './store'

/**
 * Each refetch sends a request to someone else's server: 30 an hour per person is a page of failed links retried
 * by hand, and keeps an account from turning daybook into a load generator (docs/api/conventions.md §11.1).
 */
export const linkRefetches = (userId: string): Limiter => ({ name: 'link-refetch', limit: 30, windowMs: HOUR, key: userId })

type ResponseHeaders = Parameters<typeof consumeRateLimits>[1]

const BAD_GATEWAY: Record<string, string> = {
  unknown_host: 'The link’s host name could not be found.',
  unreachable: 'The link’s server could not be reached.',
  too_many_redirects: `The page redirected more than ${FETCH_MAX_REDIRECTS} times.`,
  not_html: 'The link does not lead to a web page.',
  unreadable: 'The page could not be read.',
}

/** The answer to a refetch that got no page: 422 for an address the guard refuses, 504 for no answer in time, else 502. */
function refetchError(outcome: Extract<FetchOutcome<PageMeta>, { value: null }>): Error {
  const { error, status } = outcome
  if (error === 'refused') return new UnprocessableError('fetch_refused', 'The link’s address is not a public web address, so it is not fetched.')
  if (error === 'timeout') return new UpstreamError(504, 'fetch_timeout', `The page did not answer within ${FETCH_TIMEOUT_MS / 1000} seconds.`, [error])
  const message = error === 'bad_status' ? `The page answered with HTTP status ${status}.` : BAD_GATEWAY[error]!
  return new UpstreamError(502, 'fetch_failed', message, [error])
}

/**
 * The page's fields over the item's, those the page has, read again inside the store's unit of work: an edit made
 * while the page was fetched keeps every field the page does not replace. Undefined when the item is gone meanwhile.
 */
async function savePage(deps: Deps, userId: string, itemId: string, page: PageMeta): Promise<LibraryItemRow | undefined> {
  const now = deps.clock.now()
  const saved = await deps.stores.libraries.update(userId, 'links', itemId, now, (row) => {
    const data = storedData(row)
    for (const key of ['title', 'description', 'cover_url'] as const) if (page[key] !== null) data[key] = page[key]
    // Later than the creation even within its millisecond, as every edit is (edit.ts).
    const fields = withDefaults('links', { ...data, fetch_failed: false, fetch_error: null })
    return { data: JSON.stringify(fields), dedupeKey: row.dedupeKey, updatedAt: Math.max(now, row.createdAt + 1) }
  })
  // A link has no feed key, so its write never meets the dedupe index.
  return saved === DUPLICATE ? undefined : saved
}

/**
 * POST /libraries/{type}/{id}/refetch: the caller's link with its page read again, or the error that says why not.
 * Only links have the action; another library answers 404 like an unknown one.
 */
export async function refetchLink(deps: Deps, user: UserRow, input: { type: string; itemId: string }, headers: ResponseHeaders): Promise<LibraryItem> {
  consumeRateLimits(deps, headers, [linkRefetches(user.id)])
  const row = input.type === 'links' ? await deps.stores.libraries.get(user.id, 'links', input.itemId) : undefined
  if (!row) throw new NotFoundError()
  const page = await fetchPageMeta(deps, String(presentLibraryItem(row).url))
  if (page.value === null) throw refetchError(page)
  const saved = await savePage(deps, user.id, row.id, page.value)
  if (!saved) throw new NotFoundError()
  return presentLibraryItem(saved)
}
