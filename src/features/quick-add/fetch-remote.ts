/**
 * Page and feed look-ups for commit (docs/api/quick-add.md §7): any failure (refused address, timeout, other
 * status, wrong content type, parse error) yields null so the commit goes on with its fallbacks.
 */
import type { Deps } from '../../lib/deps'
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../lib/safe-fetch'
import { VERSION } from '../../version'
import { decodeDocument } from './charset'
import type { PageMeta } from './page-meta'
import type { FeedMeta } from './feed-parse'

const ACCEPT = 'text/html,application/xhtml+xml,application/rss+xml,application/atom+xml,application/xml;q=0.9,*/*;q=0.8'
const PAGE_MIME_TYPES = new Set(['text/html', 'application/xhtml+xml'])

type FetchDeps = Pick<Deps, 'config' | 'logger'>

export function fetchOptions(deps: Pick<Deps, 'config'>): SafeFetchOptions {
  return {
    allowPrivate: deps.config.fetchAllowPrivate,
    headers: { 'User-Agent': `daybook/${VERSION} (+${deps.config.publicUrl})`, Accept: ACCEPT },
  }
}

/** Only the host is logged: the URL came from the request body, which is never logged (docs/configuration.md §6). */
const hostOf = (url: string) => { try { return new URL(url).host } catch { return '' } }

async function fetchText(deps: FetchDeps, url: string, acceptType: (mime: string) => boolean) {
  try {
    const res = await safeFetch(url, fetchOptions(deps))
    const mime = (res.contentType ?? '').split(';')[0]!.trim().toLowerCase()
    if (res.status !== 200 || !acceptType(mime)) {
      deps.logger.debug('quick-add fetch not used', { host: hostOf(url), status: res.status, content_type: mime })
      return undefined
    }
    return { text: decodeDocument(res.body, res.contentType), finalUrl: res.url }
  } catch (err) {
    const reason = err instanceof SafeFetchError ? err.reason : 'error'
    deps.logger.debug('quick-add fetch failed', { host: hostOf(url), reason })
    return undefined
  }
}

/** The fetched document through `parse`; null when it cannot be fetched or read. */
async function fetchParsed<T>(deps: FetchDeps, url: string, acceptType: (mime: string) => boolean, parse: (text: string, url: string) => Promise<T>): Promise<T | null> {
  const doc = await fetchText(deps, url, acceptType)
  if (!doc) return null
  try {
    return await parse(doc.text, doc.finalUrl)
  } catch {
    return null
  }
}

// The markup parser loads on first use: it costs idle memory, and many instances never fetch a page.
export const fetchPageMeta = (deps: FetchDeps, url: string): Promise<PageMeta | null> =>
  fetchParsed(deps, url, (mime) => PAGE_MIME_TYPES.has(mime), async (text, base) => (await import('./page-meta')).parsePageMeta(text, base))

/** Feeds are parsed as XML whatever their content type. */
export const fetchFeedMeta = (deps: FetchDeps, url: string): Promise<FeedMeta | null> =>
  fetchParsed(deps, url, () => true, async (text, base) => (await import('./feed-parse')).parseFeedMeta(text, base))
