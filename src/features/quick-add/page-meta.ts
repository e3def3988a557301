/**
 * Title, description, cover image and og:type of an HTML page (quick-add.md §7), read from the <meta> tags
 * and the <title> element with a tolerant scanner: pages may be truncated at the size cap or malformed.
 */
import { decodeEntities } from './html-entities'
import { firstElement, startTags } from './markup-scan'
import { collapse, cut } from './text'
import { URL_MAX } from '../libraries/fields'

export interface PageMeta {
  title: string | null
  description: string | null
  cover_url: string | null
  og_type: string | null
}

export const PAGE_TITLE_MAX = 255
export const PAGE_DESCRIPTION_MAX = 2000

const ATTR_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

function attributes(attrs: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of attrs.matchAll(ATTR_RE)) {
    const name = m[1]!.toLowerCase()
    if (!(name in out)) out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')
  }
  return out
}

/** Comments, scripts and styles hold no metadata but may hold things that look like tags. */
function stripInert(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
}

/** meta `property` and `name` values (lowercased) → first `content` seen for each. */
function metaTags(html: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const tag of startTags(html, 'meta')) {
    const attrs = attributes(tag.attrs)
    if (attrs.content === undefined) continue
    for (const key of [attrs.property, attrs.name]) {
      const k = key?.trim().toLowerCase()
      if (k && !found.has(k)) found.set(k, attrs.content)
    }
  }
  return found
}

function clean(value: string | undefined, max: number, decode: boolean): string | null {
  if (value === undefined) return null
  const text = collapse(decode ? decodeEntities(value) : value)
  return text === '' ? null : cut(text, max)
}

/** An http(s) URL resolved against the page, or undefined. */
export function absoluteHttpUrl(value: string | undefined, base: string): string | undefined {
  const raw = value?.trim()
  if (!raw) return undefined
  const url = URL.parse(raw, base)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined
  return url.href.length > URL_MAX ? undefined : url.href
}

export function parsePageMeta(html: string, baseUrl: string): PageMeta {
  const doc = stripInert(html)
  const meta = metaTags(doc)
  const titleElement = firstElement(doc, 'title', true)?.inner
  const title = clean(meta.get('og:title'), PAGE_TITLE_MAX, false)
    ?? clean(meta.get('twitter:title'), PAGE_TITLE_MAX, false)
    ?? clean(titleElement, PAGE_TITLE_MAX, true)
  const description = clean(meta.get('og:description'), PAGE_DESCRIPTION_MAX, false)
    ?? clean(meta.get('description'), PAGE_DESCRIPTION_MAX, false)
  const cover = ['og:image', 'og:image:url', 'og:image:secure_url']
    .map((key) => absoluteHttpUrl(meta.get(key), baseUrl)).find((url) => url !== undefined)
  const ogType = clean(meta.get('og:type'), 100, false)
  return { title, description, cover_url: cover ?? null, og_type: ogType?.toLowerCase() ?? null }
}
