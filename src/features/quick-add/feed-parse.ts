/**
 * The title and home page of a feed document (docs/api/quick-add.md §6.1): RSS 2.0 and RSS 1.0 (`channel/title`,
 * `channel/link`) or Atom (`feed/title`, `feed/link[@rel="alternate"]` or the first link without rel).
 * Only the feed's own header is read: the parse stops at the first item or entry.
 */
import { htmlText, parseMarkup, type MarkupReader } from './markup-parser'
import { absoluteHttpUrl, PAGE_TITLE_MAX } from './page-meta'
import { collapse, cut } from './text'

export interface FeedMeta {
  title: string | null
  site_url: string | null
}

type FeedKind = 'rss' | 'atom'

/** The root element names the format; `rdf:RDF` is RSS 1.0. */
function kindOf(root: string): FeedKind | undefined {
  const local = root.split(':').pop()
  if (local === 'rss' || local === 'rdf') return 'rss'
  if (local === 'feed') return 'atom'
  return undefined
}

/** Collects the header fields while the parser walks the document. */
class FeedHeaderReader implements MarkupReader {
  kind: FeedKind | undefined
  title: string | undefined
  /** an Atom text construct of type "html": its text is itself escaped markup */
  titleIsHtml = false
  rssLink: string | undefined
  atomAlternate: string | undefined
  atomWithoutRel: string | undefined
  private path: string[] = []
  /** the header element whose text is being gathered, and how deep it sits */
  private capture: { field: 'title' | 'rssLink'; depth: number; parts: string[] } | undefined
  private finished = false

  /** A child of the RSS channel or of the Atom feed (where <image>'s and <item>'s own titles are not). */
  private inHeader(): boolean {
    return this.kind === 'atom' ? this.path.length === 2 : this.path.length === 3 && this.path[1] === 'channel'
  }

  open(name: string, attrs: Record<string, string>): void {
    this.path.push(name)
    if (this.path.length === 1) {
      this.kind = kindOf(name)
      this.finished = this.kind === undefined
    } else if (name === 'item' || name === 'entry') {
      this.finished = true
    } else if (this.inHeader()) {
      this.openHeaderElement(name, attrs)
    }
  }

  private openHeaderElement(name: string, attrs: Record<string, string>): void {
    const depth = this.path.length
    if (name === 'title' && this.title === undefined) {
      this.capture = { field: 'title', depth, parts: [] }
      this.titleIsHtml = this.kind === 'atom' && attrs.type?.trim().toLowerCase() === 'html'
    } else if (name === 'link' && this.kind === 'rss' && this.rssLink === undefined) {
      this.capture = { field: 'rssLink', depth, parts: [] }
    } else if (name === 'link' && this.kind === 'atom') {
      const rel = attrs.rel?.trim().toLowerCase()
      if (rel === 'alternate') this.atomAlternate ??= attrs.href
      else if (rel === undefined) this.atomWithoutRel ??= attrs.href
    }
  }

  close(name: string): void {
    this.path.pop()
    if (this.capture && this.path.length < this.capture.depth) {
      this[this.capture.field] = this.capture.parts.join('')
      this.capture = undefined
    }
    if (this.kind === 'rss' && name === 'channel' && this.path.length === 1) this.finished = true
  }

  text(text: string): void {
    this.capture?.parts.push(text)
  }

  done(): boolean {
    return this.finished
  }
}

function cleanTitle(text: string | undefined): string | null {
  if (text === undefined) return null
  const title = collapse(text)
  return title === '' ? null : cut(title, PAGE_TITLE_MAX)
}

/** Feed title and site link, or nulls when the document is not a feed. */
export function parseFeedMeta(xml: string, baseUrl: string): FeedMeta {
  const header = new FeedHeaderReader()
  parseMarkup(xml, 'xml', header)
  const site = header.kind === 'atom' ? header.atomAlternate ?? header.atomWithoutRel : header.rssLink
  const title = header.titleIsHtml && header.title !== undefined ? htmlText(header.title) : header.title
  return { title: cleanTitle(title), site_url: absoluteHttpUrl(site, baseUrl) ?? null }
}
