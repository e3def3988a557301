/**
 * Title, description, cover image and og:type of an HTML page (docs/api/quick-add.md §7), read from the <meta> tags
 * and the first <title> by a tolerant parser: pages may be truncated at the size cap or malformed.
 */
import { parseMarkup } from './markup-parser'
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

/** Elements whose content is not the page's own: template contents, and SVG or MathML, whose <title> is a tooltip. */
const FOREIGN = new Set(['template', 'svg', 'math'])

interface PageTags {
  /** meta `property` and `name` values (lowercased) → the first `content` seen for each */
  meta: Map<string, string>
  /** the text of the first <title>, if there is one */
  title: string | undefined
}

function addMeta(found: Map<string, string>, attrs: Record<string, string>): void {
  if (attrs.content === undefined) return
  for (const key of [attrs.property, attrs.name]) {
    const k = key?.trim().toLowerCase()
    if (k && !found.has(k)) found.set(k, attrs.content)
  }
}

function readPageTags(html: string): PageTags {
  const meta = new Map<string, string>()
  const title = { seen: false, inside: false, parts: [] as string[] }
  let foreignDepth = 0
  parseMarkup(html, 'html', {
    open(name, attrs) {
      if (FOREIGN.has(name)) foreignDepth++
      if (foreignDepth > 0) return
      if (name === 'meta') addMeta(meta, attrs)
      else if (name === 'title' && !title.seen) title.seen = title.inside = true
    },
    close(name) {
      if (FOREIGN.has(name)) foreignDepth--
      else if (name === 'title') title.inside = false
    },
    text(text) {
      if (title.inside) title.parts.push(text)
    },
  })
  return { meta, title: title.seen ? title.parts.join('') : undefined }
}

function clean(value: string | undefined, max: number): string | null {
  if (value === undefined) return null
  const text = collapse(value)
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
  const { meta, title: titleElement } = readPageTags(html)
  const title = clean(meta.get('og:title'), PAGE_TITLE_MAX)
    ?? clean(meta.get('twitter:title'), PAGE_TITLE_MAX)
    ?? clean(titleElement, PAGE_TITLE_MAX)
  const description = clean(meta.get('og:description'), PAGE_DESCRIPTION_MAX)
    ?? clean(meta.get('description'), PAGE_DESCRIPTION_MAX)
  const cover = ['og:image', 'og:image:url', 'og:image:secure_url']
    .map((key) => absoluteHttpUrl(meta.get(key), baseUrl)).find((url) => url !== undefined)
  const ogType = clean(meta.get('og:type'), 100)
  return { title, description, cover_url: cover ?? null, og_type: ogType?.toLowerCase() ?? null }
}
