/**
 * Page and feed look-ups for commit and for a link's refetch (docs/api/quick-add.md §7): any failure (refused
 * address, timeout, other status, wrong content type, parse error) yields no value and says why, so the commit goes
 * on with its fallbacks and a link can carry the reason.
 */
import type { Deps } from '../../lib/deps'
import { safeFetch, SafeFetchError, type SafeFetchFailure, type SafeFetchOptions } from '../../lib/safe-fetch'
import { VERSION } from '../../version'
import type { FetchError } from '../libraries/fields'
import { decodeDocument } from './charset'
import type { PageMeta } from './page-meta'
import type { FeedMeta } from './feed-parse'

const ACCEPT = 'text/html,application/xhtml+xml,application/rss+xml,application/atom+xml,application/xml;q=0.9,*/*;q=0.8'
const PAGE_MIME_TYPES = new Set(['text/html', 'application/xhtml+xml'])

type FetchDeps = Pick<Deps, 'config' | 'logger'>

/** What was fetched and read, or why nothing was: `status` is the answer's HTTP status when it was not 200. */
export type FetchOutcome<T> = { value: T; error?: undefined } | { value: null; error: FetchError; status?: number }

/** The guard's refusals in the words of a link's `fetch_error` (docs/api/quick-add.md §8). */
const SAFE_FETCH_ERRORS: Record<SafeFetchFailure, FetchError> = {
  url: 'refused', address: 'refused', resolve: 'unknown_host', network: 'unreachable', timeout: 'timeout', redirects: 'too_many_redirects',
}

export function fetchOptions(deps: Pick<Deps, 'config'>): SafeFetchOptions {
  return {
    allowPrivate: deps.config.fetchAllowPrivate,
    headers: { 'User-Agent': `daybook/${VERSION} (+${deps.config.publicUrl})`, Accept: ACCEPT },
  }
}

/** Only the host is logged: the URL came from the request body, which is never logged (docs/configuration.md §6). */
const hostOf = (url: string) => { try { return new URL(url).host } catch { return '' } }

async function fetchText(deps: FetchDeps, url: string, acceptType: (mime: string) => boolean): Promise<FetchOutcome<{ text: string; finalUrl: string }>> {
  try {
    const res = await safeFetch(url, fetchOptions(deps))
    const mime = (res.contentType ?? '').split(';')[0]!.trim().toLowerCase()
    if (res.status !== 200 || !acceptType(mime)) {
      deps.logger.debug('quick-add fetch not used', { host: hostOf(url), status: res.status, content_type: mime })
      return res.status !== 200 ? { value: null, error: 'bad_status', status: res.status } : { value: null, error: 'not_html' }
    }
    return { value: { text: decodeDocument(res.body, res.contentType), finalUrl: res.url } }
  } catch (err) {
    const reason = err instanceof SafeFetchError ? err.reason : 'error'
    deps.logger.debug('quick-add fetch failed', { host: hostOf(url), reason })
    // Anything else went wrong in reading the answer (a broken compressed body, a charset that cannot decode).
    return { value: null, error: err instanceof SafeFetchError ? SAFE_FETCH_ERRORS[err.reason] : 'unreadable' }
  }
}

/** The fetched document through `parse`, or why it cannot be had. */
async function fetchParsed<T>(
  deps: FetchDeps, url: string, acceptType: (mime: string) => boolean, parse: (text: string, url: string) => Promise<T>,
): Promise<FetchOutcome<T>> {
  const doc = await fetchText(deps, url, acceptType)
  if (doc.value === null) return doc
  try {
    return { value: await parse(doc.value.text, doc.value.finalUrl) }
  } catch {
    return { value: null, error: 'unreadable' }
  }
}

// The markup parser loads on first use: it costs idle memory, and many instances never fetch a page.
export const fetchPageMeta = (deps: FetchDeps, url: string): Promise<FetchOutcome<PageMeta>> =>
  fetchParsed(deps, url, (mime) => PAGE_MIME_TYPES.has(mime), async (text, base) => (await import('./page-meta')).parsePageMeta(text, base))

/** Feeds are parsed as XML whatever their content type. */
export const fetchFeedMeta = (deps: FetchDeps, url: string): Promise<FetchOutcome<FeedMeta>> =>
  fetchParsed(deps, url, () => true, async (text, base) => (await import('./feed-parse')).parseFeedMeta(text, base))
