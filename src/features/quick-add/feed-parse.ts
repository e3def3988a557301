/**
 * The title and home page of a feed document (quick-add.md §6.1): RSS 2.0 and RSS 1.0 (`channel/title`,
 * `channel/link`) or Atom (`feed/title`, `feed/link[@rel="alternate"]` or the first link without rel).
 * Only the feed's own header is read: everything from the first item or entry on is ignored.
 */
import { decodeEntities } from './html-entities'
import { endTag, firstElement, removeBlocks, startTags, stripTags } from './markup-scan'
import { absoluteHttpUrl, PAGE_TITLE_MAX } from './page-meta'
import { collapse, cut } from './text'

export interface FeedMeta {
  title: string | null
  site_url: string | null
}

type FeedKind = 'rss' | 'atom'

/** The document type declaration, with its internal subset, replaced by a space. */
function removeDoctype(xml: string): string {
  const at = xml.search(/<!DOCTYPE/i)
  if (at < 0) return xml
  const gt = xml.indexOf('>', at)
  const bracket = xml.indexOf('[', at)
  let end = gt
  if (bracket >= 0 && (gt < 0 || bracket < gt)) {
    const closing = xml.indexOf(']', bracket)
    end = closing < 0 ? -1 : xml.indexOf('>', closing)
  }
  return end < 0 ? xml : xml.slice(0, at) + ' ' + xml.slice(end + 1)
}

/** Processing instructions, comments and the doctype hold nothing we read but may hold things that look like tags. */
function stripProlog(xml: string): string {
  return removeDoctype(removeBlocks(removeBlocks(xml, '<?', '?>'), '<!--', '-->'))
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
  let pos = 0
  for (let start = inner.indexOf('<![CDATA['); start >= 0; start = inner.indexOf('<![CDATA[', pos)) {
    const stop = inner.indexOf(']]>', start + 9)
    if (stop < 0) break
    out += decodeEntities(stripTags(inner.slice(pos, start))) + inner.slice(start + 9, stop)
    pos = stop + 3
  }
  return out + decodeEntities(stripTags(inner.slice(pos)))
}

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs)
  return m ? decodeEntities(m[1] ?? m[2] ?? '') : undefined
}

/** `escapedHtml`: an Atom text construct of type "html", whose text is itself markup. */
function cleanTitle(inner: string | undefined, escapedHtml = false): string | null {
  if (inner === undefined) return null
  let text = textOf(inner)
  if (escapedHtml) text = decodeEntities(stripTags(text))
  text = collapse(text)
  return text === '' ? null : cut(text, PAGE_TITLE_MAX)
}

/** `xml` without the `name` elements (self-closing, or up to their end tag). */
function removeElements(xml: string, name: string): string {
  let out = ''
  let pos = 0
  for (const tag of startTags(xml, name)) {
    if (tag.start < pos) continue
    const end = tag.selfClosing ? tag.end : endTag(xml, name, tag.end)?.end
    if (end === undefined) break
    out += xml.slice(pos, tag.start) + ' '
    pos = end
  }
  return out + xml.slice(pos)
}

/** The text before the first match of `pattern` (all of it when there is none). */
function untilFirst(text: string, pattern: RegExp): string {
  const at = text.search(pattern)
  return at < 0 ? text : text.slice(0, at)
}

function rssMeta(xml: string, base: string): FeedMeta {
  const start = xml.search(/<channel[\s>]/i)
  if (start < 0) return { title: null, site_url: null }
  let header = untilFirst(xml.slice(start), /<item[\s>]/i)
  // <image> and <textinput> carry their own title and link.
  header = removeElements(removeElements(header, 'image'), 'textinput')
  const link = firstElement(header, 'link')
  return {
    title: cleanTitle(firstElement(header, 'title')?.inner),
    site_url: absoluteHttpUrl(link ? textOf(link.inner) : undefined, base) ?? null,
  }
}

function atomMeta(xml: string, base: string): FeedMeta {
  const header = untilFirst(xml, /<entry[\s>]/i)
  let chosen: string | undefined
  for (const link of startTags(header, 'link')) {
    const rel = attr(link.attrs, 'rel')?.trim().toLowerCase()
    const href = attr(link.attrs, 'href')
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
