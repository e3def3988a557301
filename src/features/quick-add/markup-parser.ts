/**
 * Fetched pages and feeds are parsed by htmlparser2: tolerant of truncated and malformed markup, linear in
 * its tokenizer, and it knows comments, CDATA and the raw text of <script>, <style> and <title>.
 *
 * Its open elements are a stack that every end tag searches (and every start tag shifts), so unclosed tags
 * and stray end tags (`<a><b></c>…`) cost depth × tags: over a minute of blocked CPU for 1 MiB of them.
 * What quick add reads — a page's head, a feed's header — lies a few levels deep, so parsing stops where
 * nesting passes MAX_DEPTH, which keeps every search short.
 */
import { Parser, type ParserOptions } from 'htmlparser2'
import { decodeHTML, decodeHTMLAttribute } from 'entities'

const MAX_DEPTH = 64

const OPTIONS: Record<'html' | 'xml', ParserOptions> = {
  html: {},
  // Names compare case-insensitively. Entities are decoded below with the HTML table rather than by the
  // parser, which knows only XML's five names in XML mode: feeds in the wild use &nbsp;, &eacute; and the like.
  xml: { xmlMode: true, decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
}

/** What a reader of a document hears; names are lowercase, text and attribute values decoded. */
export interface MarkupReader {
  open?(name: string, attrs: Record<string, string>): void
  /** Every opened element is closed: by its end tag, by an end tag of an ancestor, or at the end of the text. */
  close?(name: string): void
  text?(text: string): void
  /** True once the reader has what it needs: the parse stops and reports nothing more. */
  done?(): boolean
}

function decodeAttributes(attrs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name, decodeHTMLAttribute(value)]))
}

export function parseMarkup(text: string, mode: 'html' | 'xml', reader: MarkupReader): void {
  const decodeHere = mode === 'xml'
  let depth = 0
  let stopped = false
  let inCdata = false
  const stop = () => {
    stopped = true
    parser.pause()
  }
  const listening = () => {
    if (!stopped && reader.done?.()) stop()
    return !stopped
  }
  const parser: Parser = new Parser({
    onopentagname() {
      if (++depth > MAX_DEPTH) stop()
    },
    onopentag(name, attrs) {
      if (listening()) reader.open?.(name, decodeHere ? decodeAttributes(attrs) : attrs)
    },
    onclosetag(name) {
      depth--
      if (listening()) reader.close?.(name)
    },
    oncdatastart() { inCdata = true },
    oncdataend() { inCdata = false },
    ontext(data) {
      if (listening()) reader.text?.(decodeHere && !inCdata ? decodeHTML(data) : data)
    },
  }, OPTIONS[mode])
  parser.end(text)
}

/** The text of an HTML fragment (an Atom title of type "html" is escaped markup). */
export function htmlText(html: string): string {
  const parts: string[] = []
  parseMarkup(html, 'html', { text: (text) => { parts.push(text) } })
  return parts.join('')
}
