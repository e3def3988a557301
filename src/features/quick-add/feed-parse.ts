/**
 * The title and home page of a feed document (quick-add.md §6.1): RSS 2.0 and RSS 1.0 (`channel/title`,
 * `channel/link`) or Atom (`feed/title`, `feed/link[@rel="alternate"]` or the first link without rel).
 * Only the feed's own header is read: everything from the first item or entry on is ignored.
 */
import { decodeEntities } from './html-entities'
import { absoluteHttpUrl, PAGE_TITLE_MAX } from './page-meta'
import { collapse, cut } from './text'

export interface FeedMeta {
  title: string | null
  site_url: string | null
}

type FeedKind = 'rss' | 'atom'

function stripProlog(xml: string): string {
  return xml
    .replace(/<\?[\s\S]*?\?>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>/gi, ' ')
}

function rootKind(xml: string): FeedKind | undefined {
  const root = /<([A-Za-z_][\w.:-]*)/.exec(xml)?.[1]
  const local = root?.split(':').pop()?.toLowerCase()
  if (local === 'rss' || local === 'rdf') return 'rss'
  if (local === 'feed') return 'atom'
  return undefined
}

/** Text content of an element: CDATA kept as written, markup removed, entities decoded. */
function textOf(inner: string): string {
  let out = ''
  for (const part of inner.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)) {
    out += part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeEntities(part.replace(/<[^>]*>/g, ''))
  }
  return out
}

/** The first element named exactly `name` (no namespace prefix) with its attributes and inner text. */
function firstElement(xml: string, name: string): { attrs: string; inner: string } | undefined {
  const re = new RegExp(`<${name}(\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${name}\\s*>)`, 'i')
  const m = re.exec(xml)
  return m ? { attrs: m[1] ?? '', inner: m[2] ?? '' } : undefined
}

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs)
  return m ? decodeEntities(m[1] ?? m[2] ?? '') : undefined
}

/** `escapedHtml`: an Atom text construct of type "html", whose text is itself markup. */
function cleanTitle(inner: string | undefined, escapedHtml = false): string | null {
  if (inner === undefined) return null
  let text = textOf(inner)
  if (escapedHtml) text = decodeEntities(text.replace(/<[^>]*>/g, ''))
  text = collapse(text)
  return text === '' ? null : cut(text, PAGE_TITLE_MAX)
}

function rssMeta(xml: string, base: string): FeedMeta {
  const start = xml.search(/<channel[\s>]/i)
  if (start < 0) return { title: null, site_url: null }
  let header = xml.slice(start).split(/<item[\s>]/i)[0]!
  // <image> and <textinput> carry their own title and link.
  header = header.replace(/<(image|textinput)\b(?:[^>]*\/>|[\s\S]*?<\/\1\s*>)/gi, ' ')
  const link = firstElement(header, 'link')
  return {
    title: cleanTitle(firstElement(header, 'title')?.inner),
    site_url: absoluteHttpUrl(link ? textOf(link.inner) : undefined, base) ?? null,
  }
}

function atomMeta(xml: string, base: string): FeedMeta {
  const header = xml.split(/<entry[\s>]/i)[0]!
  let chosen: string | undefined
  for (const m of header.matchAll(/<link(\s[^>]*)?\/?>/gi)) {
    const attrs = m[1] ?? ''
    const rel = attr(attrs, 'rel')?.trim().toLowerCase()
    const href = attr(attrs, 'href')
    if (rel === 'alternate') { chosen = href; break }
    if (rel === undefined && chosen === undefined) chosen = href
  }
  const title = firstElement(header, 'title')
  return {
    title: cleanTitle(title?.inner, attr(title?.attrs ?? '', 'type')?.trim().toLowerCase() === 'html'),
    site_url: absoluteHttpUrl(chosen, base) ?? null,
  }
}

/** Feed title and site link, or nulls when the document is not a feed. */
export function parseFeedMeta(xml: string, baseUrl: string): FeedMeta {
  const doc = stripProlog(xml)
  const kind = rootKind(doc)
  if (kind === 'rss') return rssMeta(doc, baseUrl)
  if (kind === 'atom') return atomMeta(doc, baseUrl)
  return { title: null, site_url: null }
}
