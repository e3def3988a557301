/**
 * A note's Markdown (src/web/components/markdown.tsx) as the elements a page gets, read from marked's real lexer:
 * headings, lists, tables and links render; raw HTML, scripts, links that are not http(s) and images do not get
 * through as what they claim to be.
 */
import { describe, expect, test } from 'bun:test'
import { Lexer } from 'marked'
import { Fragment, type ComponentChildren, type VNode } from 'preact'
import { decodeReferences, renderMarkdown, webAddress } from '../../src/web/components/markdown'

const WORDS = { newTab: '(new tab)', image: 'Image', done: 'Done:', open: 'Not done:' }

interface Element { tag: string; props: Record<string, unknown>; children: Node[] }
type Node = Element | string

/** The tree as plain data: elements by tag name, text as strings, fragments flattened. */
function tree(children: ComponentChildren): Node[] {
  if (children === null || children === undefined || typeof children === 'boolean') return []
  if (Array.isArray(children)) return children.flatMap(tree)
  if (typeof children === 'string' || typeof children === 'number' || typeof children === 'bigint') return [String(children)]
  const vnode = children as VNode<{ children?: ComponentChildren }>
  if (vnode.type === Fragment) return tree(vnode.props.children)
  if (typeof vnode.type !== 'string') throw new Error('the renderer returns elements only')
  const { children: inner, ...props } = vnode.props
  return [{ tag: vnode.type, props, children: tree(inner) }]
}

const render = (markdown: string, headingLevel = 3) =>
  tree(renderMarkdown(new Lexer({ gfm: true, breaks: true }).lex(markdown), WORDS, headingLevel))

const all = (nodes: Node[]): Element[] => nodes.flatMap((n) => (typeof n === 'string' ? [] : [n, ...all(n.children)]))
const text = (nodes: Node[]): string => nodes.map((n) => (typeof n === 'string' ? n : text(n.children))).join('')
const tags = (nodes: Node[]) => all(nodes).map((e) => e.tag)

describe('a note rendered', () => {
  test('headings, emphasis, lists, quotes, code and tables become their elements', () => {
    const nodes = render('# Plan\n\nSome **bold**, *italic*, ~~old~~ and `code`.\n\n- one\n- two\n  1. nested\n\n> quoted\n\n```\nx < y\n```\n\n| a | b |\n|---|--:|\n| 1 | 2 |')
    expect(tags(nodes)).toEqual(['h3', 'p', 'strong', 'em', 'del', 'code', 'ul', 'li', 'li', 'ol', 'li', 'blockquote', 'p', 'pre', 'code',
      'div', 'table', 'thead', 'tr', 'th', 'th', 'tbody', 'tr', 'td', 'td'])
    expect(text(nodes)).toContain('x < y')
    expect(all(nodes).filter((e) => e.tag === 'th').map((e) => e.props.scope)).toEqual(['col', 'col'])
    expect(all(nodes).find((e) => e.tag === 'td' && text(e.children) === '2')?.props.class).toBe('md-right')
  })

  test('headings go below the note\'s holder and skip no level, whatever depths the text uses', () => {
    const levels = (markdown: string, top: number) => all(render(markdown, top)).map((e) => e.tag).filter((t) => /^h\d$/.test(t))
    expect(levels('# A\n\n### B\n\n###### C\n\n### D', 3)).toEqual(['h3', 'h4', 'h5', 'h4'])
    expect(levels('## only', 3)).toEqual(['h3'])
    expect(levels('# a\n## b\n### c\n#### d\n##### e', 3)).toEqual(['h3', 'h4', 'h5', 'h6', 'h6'])
  })

  test('a line break typed is one on the page; task lists say done or not in words', () => {
    expect(tags(render('first\nsecond'))).toEqual(['p', 'br'])
    const nodes = render('- [x] milk\n- [ ] bread')
    expect(text(nodes)).toBe('☑ Done: milk☐ Not done: bread')
    expect(tags(nodes)).not.toContain('input')
  })

  test('http(s) links are links that open apart; their text and character references are read', () => {
    const [p] = render('[the docs](https://example.com/a?x=1&amp;y=2 "title") and <https://auto.example/p> and www.example.org') as Element[]
    const links = all(p!.children).filter((e) => e.tag === 'a')
    expect(links.map((a) => a.props.href)).toEqual(['https://example.com/a?x=1&y=2', 'https://auto.example/p', 'http://www.example.org/'])
    expect(links.every((a) => a.props.target === '_blank' && a.props.rel === 'noopener noreferrer')).toBe(true)
    expect(text(links[0]!.children)).toBe('the docs (new tab)')
  })
})

describe('hostile notes', () => {
  test('raw HTML is shown as the text that was typed, never as elements', () => {
    const nodes = render('<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> <b onclick="x()">bold</b>\n\n<div onclick="x()">block</div>\n\n<iframe src="https://evil.example"></iframe>')
    expect(tags(nodes)).toEqual(['p', 'p', 'p', 'p'])
    expect(text(nodes)).toBe('<script>alert(1)</script>Hi <img src=x onerror=alert(1)> <b onclick="x()">bold</b><div onclick="x()">block</div><iframe src="https://evil.example"></iframe>')
    expect(JSON.stringify(nodes)).not.toContain('dangerouslySetInnerHTML')
  })

  test('javascript:, data:, vbscript:, mailto: and relative links are text, however they are spelled', () => {
    const hostile = [
      '[a](javascript:alert(1))', '[b](JaVaScRiPt:alert(1))', '[c](java&#115;cript:alert(1))', '[d](java&#x73;cript:alert(1))',
      '[e]( javascript:alert(1))', '[f](data:text/html,<script>alert(1)</script>)', '[g](vbscript:msgbox)', '<javascript:alert(1)>',
      '[h](/admin)', '[i](mailto:someone@example.com)', 'someone@example.com', '[j][ref]\n\n[ref]: javascript:alert(1)',
      '[k](&#106;avascript:alert(1))', '[l](\tjavascript:alert(1))',
    ]
    for (const markdown of hostile) {
      const nodes = render(markdown)
      expect({ markdown, tags: tags(nodes) }).toEqual({ markdown, tags: ['p'] })
    }
    expect(text(render('[a](javascript:alert(1))'))).toBe('a')
  })

  test('an image is never loaded: a link to its address, or its description', () => {
    const remote = render('![a cat](https://images.example/cat.png)')
    expect(tags(remote)).toEqual(['p', 'a', 'span'])
    expect(all(remote)[1]!.props.href).toBe('https://images.example/cat.png')
    expect(text(remote)).toBe('Image: a cat (new tab)')
    expect(tags(render('![x](data:image/svg+xml,<svg onload=alert(1)>)'))).toEqual(['p'])
    expect(text(render('![](javascript:alert(1))'))).toBe('Image')
  })

  test('a link inside a link, and HTML inside link text, stay text', () => {
    const nodes = render('[<img src=x onerror=alert(1)>](https://example.com)')
    expect(tags(nodes)).toEqual(['p', 'a', 'span'])
    expect(text(nodes)).toBe('<img src=x onerror=alert(1)> (new tab)')
  })

  test('a note of the longest kind renders whole', () => {
    const long = Array.from({ length: 1000 }, (_, i) => `- item ${i} with **bold** and [a link](https://example.com/${i})`).join('\n')
    expect(long.length).toBeLessThanOrEqual(65_535)
    expect(all(render(long)).filter((e) => e.tag === 'a')).toHaveLength(1000)
  })
})

describe('the pieces', () => {
  test('character references are read as HTML reads them; unknown ones stay', () => {
    expect(decodeReferences('AT&amp;T &lt;b&gt; &#65;&#x42; &#0; &#x110000; &#xD800; &nosuch;')).toBe('AT&T <b> AB \uFFFD \uFFFD \uFFFD &nosuch;')
  })

  test('only absolute http(s) addresses are web addresses', () => {
    expect(webAddress('https://example.com')).toBe('https://example.com/')
    expect(webAddress('HTTP://EXAMPLE.com/a')).toBe('http://example.com/a')
    for (const bad of ['javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', '/relative', '//example.com', 'ftp://x', 'mailto:a@b.c', '']) {
      expect(webAddress(bad)).toBeUndefined()
    }
  })
})
