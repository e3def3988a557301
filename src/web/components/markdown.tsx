/**
 * A note's Markdown, shown as a page would show it, and safe under the strict CSP. marked's lexer reads the text
 * into tokens and this file turns each token it knows into a Preact element itself: the library's HTML is never
 * used, so nothing reaches the page as markup.
 *
 * - Raw HTML in the text (`<script>`, `<img onerror>`, a `<div>`) is shown as the text that was typed.
 * - A link is a link only when its address is http(s) after character references are read (`java&#115;cript:` is
 *   `javascript:`); any other (`javascript:`, `data:`, `mailto:`, a path on this site) is shown as its text.
 * - An image is never loaded (everything the page loads comes from the server): it is shown as a link to the
 *   image's address, or as its description when the address is not http(s).
 * - Headings go below the heading of what holds the note (`headingLevel`), without skipping a level.
 *
 * marked is loaded on first use (its own chunk, about 15 KB gzip), so pages without a note do not carry it; until
 * it is there the text shows as typed.
 */
import { Fragment, type ComponentChildren } from 'preact'
import type { MarkedToken, Token, Tokens } from 'marked'
import { useEffect, useState } from 'preact/hooks'
import { defineStrings, useT } from '../lib/i18n'

const strings = defineStrings({
  en: { newTab: '(opens in a new tab)', image: 'Image', done: 'Done:', open: 'Not done:' },
  de: { newTab: '(öffnet in neuem Tab)', image: 'Bild', done: 'Erledigt:', open: 'Offen:' },
  fr: { newTab: '(ouvre un nouvel onglet)', image: 'Image', done: 'Fait :', open: 'À faire :' },
  es: { newTab: '(se abre en una pestaña nueva)', image: 'Imagen', done: 'Hecho:', open: 'Pendiente:' },
})

/** The words the rendered text needs, in the page's language. */
export type MarkdownWords = Record<keyof typeof strings.en, string>

type Lex = (text: string) => Token[]

/** One load of marked for the whole app; `breaks`: a line break typed in a note is one on the page. */
let lexer: Promise<Lex> | undefined
function loadLexer(): Promise<Lex> {
  lexer ??= import('marked').then(({ Lexer }) => (text: string) => new Lexer({ gfm: true, breaks: true }).lex(text))
  // A chunk that could not be had (the network gone) is asked for again by the next note shown.
  lexer.catch(() => { lexer = undefined })
  return lexer
}

/** The five references the HTML syntax itself needs, for a renderer that runs without a document (the tests). */
const BASIC: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** A named reference's character: the browser knows them all (a textarea's content is text, never markup). */
function namedReference(name: string): string | undefined {
  if (name in BASIC) return BASIC[name]
  if (typeof document === 'undefined') return undefined
  const box = document.createElement('textarea')
  box.innerHTML = `&${name};`
  return box.value === `&${name};` ? undefined : box.value
}

function numericReference(code: number): string {
  // As HTML reads them: NUL, surrogates and what is past Unicode become U+FFFD.
  return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code)
}

/** marked leaves named references (`&amp;`, `&copy;`) in text and all references in link addresses: read them. */
export function decodeReferences(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g, (whole, dec, hex, name) => {
    if (dec) return numericReference(Number(dec))
    if (hex) return numericReference(Number.parseInt(hex, 16))
    return namedReference(name) ?? whole
  })
}

/** The address, if it is an absolute http(s) one; what the page links to. */
export function webAddress(raw: string): string | undefined {
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

interface Context { words: MarkdownWords; levels: Map<number, number> }

/** Every heading depth the text uses, each given the next level down from `top` (at most h6). */
function headingLevels(tokens: Token[], top: number): Map<number, number> {
  const depths = new Set<number>()
  const visit = (list: Token[]) => {
    for (const token of list) {
      if (token.type === 'heading') depths.add((token as Tokens.Heading).depth)
      if (token.type === 'list') for (const item of (token as Tokens.List).items) visit(item.tokens)
      else if ('tokens' in token && token.tokens) visit(token.tokens)
    }
  }
  visit(tokens)
  return new Map([...depths].sort((a, b) => a - b).map((depth, rank) => [depth, Math.min(6, top + rank)]))
}

function externalLink(href: string, words: MarkdownWords, children: ComponentChildren, key: Key) {
  return <a key={key} href={href} target="_blank" rel="noopener noreferrer">{children}<span class="visually-hidden"> {words.newTab}</span></a>
}

/*
 * Plain functions, not components: what they return is elements all the way down, so the tests read the tree a
 * page gets without a document.
 */
type Key = string | number

function inline(tokens: Token[] | undefined, context: Context): ComponentChildren[] {
  return (tokens ?? []).map((token, i) => inlineToken(token as MarkedToken, context, i))
}

function inlineToken(token: MarkedToken, context: Context, key: Key): ComponentChildren {
  switch (token.type) {
    case 'strong': return <strong key={key}>{inline(token.tokens, context)}</strong>
    case 'em': return <em key={key}>{inline(token.tokens, context)}</em>
    case 'del': return <del key={key}>{inline(token.tokens, context)}</del>
    case 'codespan': return <code key={key}>{token.text}</code>
    case 'br': return <br key={key} />
    case 'link': {
      // An autolink's address is literal text; a written one may hold character references.
      const href = webAddress(token.autolink ? token.href : decodeReferences(token.href))
      const text = inline(token.tokens, context)
      return href ? externalLink(href, context.words, text, key) : <Fragment key={key}>{text}</Fragment>
    }
    case 'image': {
      const href = webAddress(decodeReferences(token.href))
      const text = decodeReferences(token.text) || context.words.image
      return href ? externalLink(href, context.words, `${context.words.image}: ${text}`, key) : <Fragment key={key}>{text}</Fragment>
    }
    // Raw HTML is shown as typed; `escape` is a backslash-escaped character.
    case 'html': case 'escape': return <Fragment key={key}>{token.text}</Fragment>
    case 'text': return <Fragment key={key}>{token.tokens ? inline(token.tokens, context) : decodeReferences(token.text)}</Fragment>
    default: return <Fragment key={key}>{fallback(token, context)}</Fragment>
  }
}

/** A token this file does not know (an extension's): its words, or what was typed. */
const fallback = (token: MarkedToken, context: Context): ComponentChildren =>
  'tokens' in token && token.tokens ? inline(token.tokens, context) : (token as Tokens.Generic).raw

function blocks(tokens: Token[], context: Context): ComponentChildren[] {
  return tokens.map((token, i) => blockToken(token as MarkedToken, context, i))
}

const ALIGN = { left: 'md-left', center: 'md-center', right: 'md-right' } as const
const align = (cell: Tokens.TableCell) => (cell.align ? ALIGN[cell.align] : undefined)

function listItem(item: Tokens.ListItem, context: Context, key: Key) {
  const { done, open } = context.words
  // A tight list's item holds text tokens where a loose one holds paragraphs: both render as blocks.
  return (
    <li key={key} class={item.task ? 'md-task' : undefined}>
      {item.task && (
        <span class="md-check"><span aria-hidden="true">{item.checked ? '☑' : '☐'} </span><span class="visually-hidden">{item.checked ? done : open} </span></span>
      )}
      {blocks(item.tokens.filter((t) => t.type !== 'checkbox'), context)}
    </li>
  )
}

function blockToken(token: MarkedToken, context: Context, key: Key): ComponentChildren {
  switch (token.type) {
    case 'space': case 'def': return null
    case 'heading': {
      const Level = `h${context.levels.get(token.depth) ?? 6}` as 'h3'
      return <Level key={key}>{inline(token.tokens, context)}</Level>
    }
    case 'paragraph': return <p key={key}>{inline(token.tokens, context)}</p>
    // Text directly in a tight list's item: its words, not a paragraph of their own.
    case 'text': return <Fragment key={key}>{token.tokens ? inline(token.tokens, context) : decodeReferences(token.text)}</Fragment>
    case 'blockquote': return <blockquote key={key}>{blocks(token.tokens, context)}</blockquote>
    case 'code': return <pre key={key}><code>{token.text}</code></pre>
    case 'hr': return <hr key={key} />
    case 'list': {
      const items = token.items.map((item, i) => listItem(item, context, i))
      const start = token.start === '' || token.start === 1 ? undefined : Number(token.start)
      return token.ordered ? <ol key={key} start={start}>{items}</ol> : <ul key={key}>{items}</ul>
    }
    case 'table': return (
      <div key={key} class="md-table">
        <table>
          <thead><tr>{token.header.map((cell, i) => <th key={i} scope="col" class={align(cell)}>{inline(cell.tokens, context)}</th>)}</tr></thead>
          <tbody>{token.rows.map((row, r) => <tr key={r}>{row.map((cell, i) => <td key={i} class={align(cell)}>{inline(cell.tokens, context)}</td>)}</tr>)}</tbody>
        </table>
      </div>
    )
    // A block of raw HTML is a paragraph of the text that was typed.
    case 'html': return <p key={key} class="md-raw">{token.text}</p>
    default: return <p key={key}>{fallback(token, context)}</p>
  }
}

/** The elements of `tokens`, headings from `headingLevel` down. Pure, so the tests read what a page would get. */
export function renderMarkdown(tokens: Token[], words: MarkdownWords, headingLevel: number): ComponentChildren {
  return blocks(tokens, { words, levels: headingLevels(tokens, headingLevel) })
}

/** `text` as Markdown; `headingLevel` is the level of its first heading (one below what holds it). */
export function Markdown({ text, headingLevel, class: extra }: { text: string; headingLevel: number; class?: string }) {
  const t = useT(strings)
  const [lex, setLex] = useState<Lex>()
  useEffect(() => {
    let live = true
    // Without the chunk the note stays as typed: readable, and still nothing of it is markup.
    loadLexer().then((loaded) => { if (live) setLex(() => loaded) }, () => {})
    return () => { live = false }
  }, [])
  const cls = extra ? `markdown ${extra}` : 'markdown'
  if (!lex) return <div class={`${cls} markdown-plain`}>{text}</div>
  const translated: MarkdownWords = { newTab: t('newTab'), image: t('image'), done: t('done'), open: t('open') }
  return <div class={cls}>{renderMarkdown(lex(text), translated, headingLevel)}</div>
}
