/**
 * The page and feed parsers on their own (docs/api/quick-add.md §6.1, §7): what they read, what they skip, and how
 * they take truncated or malformed markup.
 */
import { describe, expect, test } from 'bun:test'
import { parsePageMeta } from '../../src/features/quick-add/page-meta'
import { parseFeedMeta } from '../../src/features/quick-add/feed-parse'

const BASE = 'https://site.example/dir/page'
const page = (html: string) => parsePageMeta(html, BASE)
const feed = (xml: string) => parseFeedMeta(xml, BASE)

describe('page metadata', () => {
  test('comments, scripts, styles and textareas hold no tags, however tag-like their text', () => {
    const meta = page(`<!-- <title>comment</title> --><script>let s = '<title>script</title><meta name="description" content="s">'</script>
      <style>/* <meta name="description" content="style"> */</style><textarea><title>textarea</title></textarea>
      <title>Real</title><meta name="description" content="Real description">`)
    expect(meta).toMatchObject({ title: 'Real', description: 'Real description' })
  })

  test('the first tag of each kind wins: meta by property or name, and the first <title>', () => {
    const meta = page(`<title>First</title><title>Second</title>
      <meta name="description" content="one"><meta name="DESCRIPTION" content="two">
      <meta property="og:type" content="Video.Movie"><meta property="og:type" content="article">
      <meta property="og:image" name="ignored" content="/a.png"><meta property="og:image" content="/b.png">`)
    expect(meta).toEqual({ title: 'First', description: 'one', cover_url: 'https://site.example/a.png', og_type: 'video.movie' })
  })

  test('a repeated attribute keeps its first value', () => {
    expect(page('<meta name="description" content="first" content="second">').description).toBe('first')
  })

  test('character references are decoded in attribute values and in the title, unknown names kept', () => {
    const meta = page(`<title>A &amp; B &lt;i&gt; &eacute;t&eacute; &#8212; &#x1F600; &copy &nosuch;</title>
      <meta name="description" content="&quot;q&quot; caf&eacute; &#39;x&#39; &amp;c">`)
    expect(meta.title).toBe('A & B <i> été — 😀 © &nosuch;')
    expect(meta.description).toBe('"q" café \'x\' &c')
  })

  test('markup inside <title> is its text, as browsers show it', () => {
    expect(page('<title>Hello <b>world</b></title>').title).toBe('Hello <b>world</b>')
  })

  test('a <title> cut off by the end of the page still counts; an unfinished tag does not', () => {
    expect(page('<meta name="description" content="d"><title>Cut short').title).toBe('Cut short')
    expect(page('<title>T</title><meta name="description" content="never closed"')).toMatchObject({ title: 'T', description: null })
  })

  test('the <title> of an SVG drawing or a template is not the page title', () => {
    const meta = page(`<body><svg><title>drawing</title></svg><template><title>tpl</title><meta name="description" content="tpl"></template>
      <title>Page</title></body>`)
    expect(meta).toMatchObject({ title: 'Page', description: null })
  })

  test('white space collapsed; empty values fall through to the next source', () => {
    const meta = page('<meta property="og:title" content="   "><meta name="twitter:title" content=" \n Twitter \t title ">')
    expect(meta.title).toBe('Twitter title')
  })

  test('nothing readable: all null', () => {
    expect(page('')).toEqual({ title: null, description: null, cover_url: null, og_type: null })
    expect(page('just text < and > and & here')).toEqual({ title: null, description: null, cover_url: null, og_type: null })
  })
})

describe('feed metadata', () => {
  test('RSS 2.0: the channel title and link, not those of <image>, <textInput> or items', () => {
    const meta = feed(`<?xml version="1.0"?><!-- <rss><channel><title>comment</title></channel></rss> -->
      <rss version="2.0"><channel><image><title>Logo</title><link>https://img.example/</link></image>
      <textInput><title>Search</title><link>https://search.example/</link></textInput>
      <title>Blog &amp; more</title><link> https://blog.example/ </link>
      <item><title>Post</title><link>https://blog.example/1</link></item></channel></rss>`)
    expect(meta).toEqual({ title: 'Blog & more', site_url: 'https://blog.example/' })
  })

  test('the header ends at the first item', () => {
    expect(feed('<rss><channel><item><title>Post</title></item><title>Late</title></channel></rss>').title).toBeNull()
  })

  test('HTML entity names are decoded; CDATA is kept as written', () => {
    expect(feed('<rss><channel><title>Caf&eacute;&nbsp;Blog</title></channel></rss>').title).toBe('Café Blog')
    expect(feed('<rss><channel><title>A <![CDATA[&amp; <b>]]> B</title></channel></rss>').title).toBe('A &amp; <b> B')
  })

  test('element names compare without case; a link is resolved against the feed URL', () => {
    expect(feed('<RSS><Channel><TITLE>Loud</TITLE><LINK>/home</LINK></Channel></RSS>')).toEqual({ title: 'Loud', site_url: 'https://site.example/home' })
  })

  test('RSS 1.0 (RDF)', () => {
    const meta = feed(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel rdf:about="x"><title>RDF</title><link>https://rdf.example/</link></channel>
      <item rdf:about="y"><title>Item</title></item></rdf:RDF>`)
    expect(meta).toEqual({ title: 'RDF', site_url: 'https://rdf.example/' })
  })

  test('Atom: rel="alternate" wins over the first link without rel; other rels never count', () => {
    expect(feed(`<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="/self"/><link href="/norel"/>
      <link rel="ALTERNATE" href="https://alt.example/?a=1&amp;b=2"/><title>Atom</title></feed>`))
      .toEqual({ title: 'Atom', site_url: 'https://alt.example/?a=1&b=2' })
    expect(feed('<feed><link rel="self" href="/self"/><link href="/norel"/></feed>').site_url).toBe('https://site.example/norel')
    expect(feed('<feed><link rel="self" href="/self"/><entry><link href="/entry"/></entry></feed>').site_url).toBeNull()
  })

  test('Atom: a title of type html is escaped markup, read as its text', () => {
    expect(feed('<feed><title type="html">&lt;b&gt;Bold&lt;/b&gt; &amp;amp; plain</title></feed>').title).toBe('Bold & plain')
    expect(feed('<feed><title type="text">&lt;b&gt;</title></feed>').title).toBe('<b>')
  })

  test('a title cut off by the end of the document counts', () => {
    expect(feed('<rss><channel><title>Truncated').title).toBe('Truncated')
  })

  test('not a feed: an HTML page, plain text, nothing', () => {
    for (const doc of ['<html><head><title>Page</title></head></html>', 'plain text', '', '<?xml version="1.0"?>']) {
      expect(feed(doc)).toEqual({ title: null, site_url: null })
    }
  })
})
