/**
 * The limits that let quick add read someone else's bytes: parsing stays linear on 1 MiB of hostile markup,
 * no more than 1 MiB is read, and the declared charset is honoured.
 *
 * The hostile parses run synchronously inside each test, so a parse that went quadratic would overrun the
 * runner's per-test timeout and fail the test; the tests themselves pin only the outcome. Without
 * markup-parser.ts's depth bound, "unclosed elements and stray end tags" blocks for over a minute.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Config } from '../../src/config'
import { createLogger } from '../../src/lib/logger'
import { FETCH_MAX_BYTES, safeFetch } from '../../src/lib/safe-fetch'
import { decodeDocument } from '../../src/features/quick-add/charset'
import { fetchFeedMeta, fetchPageMeta } from '../../src/features/quick-add/fetch-remote'
import { parsePageMeta } from '../../src/features/quick-add/page-meta'
import { parseFeedMeta } from '../../src/features/quick-add/feed-parse'

const MIB = 1024 * 1024
const fill = (unit: string, size = MIB) => unit.repeat(Math.floor(size / unit.length))
const page = (html: string) => parsePageMeta(html, 'https://site.example/')
const feed = (xml: string) => parseFeedMeta(xml, 'https://site.example/')

describe('1 MiB of hostile markup parses in linear time', () => {
  test.each([
    ['unclosed elements and stray end tags', fill('<a><b></c>')],
    ['stray end tags just inside the depth bound', '<a>'.repeat(62) + fill('</c>')],
    ['nested <svg>', fill('<svg>')],
    ['nested <div>', fill('<div>')],
    ['repeated <form>', fill('<form>')],
    ['repeated <p>', fill('<p>')],
  ])('page: %s after the head', (_name, hostile) => {
    const meta = page('<title>Kept</title><meta name="description" content="Also kept">' + hostile)
    expect(meta).toMatchObject({ title: 'Kept', description: 'Also kept' })
  })

  test.each([
    ['an unclosed <meta', fill('<meta ')],
    ['an unclosed <title', fill('<title ')],
    ['an unclosed comment', fill('<!-- ')],
    ['an unclosed attribute value', '<meta content="' + fill('<meta content="')],
    ['a lone <', fill('<')],
  ])('page: %s runs to the end and yields nothing', (_name, hostile) => {
    expect(page(hostile)).toEqual({ title: null, description: null, cover_url: null, og_type: null })
  })

  test('page: one tag with 1 MiB of attributes, then the one that counts', () => {
    const meta = page('<meta ' + fill('a=b ') + 'property="og:title" content="Late">')
    expect(meta.title).toBe('Late')
  })

  test('page: a title of 1 MiB of character references', () => {
    expect(page('<title>' + fill('&amp;') + '</title>').title).toBe('&'.repeat(255))
  })

  test.each([
    ['unclosed elements and stray end tags', fill('<a><b></c>')],
    ['stray end tags just inside the depth bound', '<a>'.repeat(60) + fill('</c>')],
    ['nested elements', fill('<x>')],
    ['character references', `<x>${fill('&eacute;')}</x>`],
    ['an unclosed CDATA section', fill('<![CDATA[')],
  ])('feed: %s after the header', (_name, hostile) => {
    expect(feed('<rss><channel><title>T</title><link>https://t.example/</link>' + hostile)).toEqual({ title: 'T', site_url: 'https://t.example/' })
    expect(feed('<feed><title>A</title><link href="https://a.example/"/>' + hostile)).toEqual({ title: 'A', site_url: 'https://a.example/' })
  })

  test('feed: a header title nested deeper than the bound does not count', () => {
    expect(feed('<rss><channel><title>' + fill('<title>'))).toEqual({ title: null, site_url: null })
  })
})

describe('fetching: 1 MiB cap and charsets', () => {
  const CP1252_EXTRAS: Record<string, number> = { '€': 0x80, 'Œ': 0x8c, '–': 0x96 }
  const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => CP1252_EXTRAS[c] ?? c.charCodeAt(0)))
  const SJIS_NIHONGO = Uint8Array.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]) // 日本語 in Shift_JIS
  const bytes = (...parts: (string | Uint8Array)[]) => Buffer.concat(parts.map((p) => Buffer.from(p)))
  const reply = (body: BodyInit, type: string) => new Response(body, { headers: { 'content-type': type } })

  const routes: Record<string, () => Response> = {
    '/beyond-cap': () => reply(`<title>${'x'.repeat(2 * MIB)}</title><meta property="og:title" content="Beyond the cap">`, 'text/html'),
    '/hostile-3mib': () => reply('<title>Head</title>' + fill('<a><b></c>', 3 * MIB), 'text/html'),
    '/sjis-header': () => reply(bytes('<title>', SJIS_NIHONGO, '</title>'), 'text/html; charset=Shift_JIS'),
    '/sjis-meta': () => reply(bytes('<meta charset="shift_jis"><title>', SJIS_NIHONGO, '</title>'), 'text/html'),
    '/sjis-feed': () => reply(bytes('<?xml version="1.0" encoding="Shift_JIS"?><rss><channel><title>', SJIS_NIHONGO, '</title></channel></rss>'), 'application/rss+xml'),
    '/cp1252-meta': () => reply(bytes('<meta http-equiv="content-type" content="text/html; charset=windows-1252"><title>', cp1252('Œuvre – €5'), '</title>'), 'text/html'),
    '/latin1-header': () => reply(bytes('<title>', cp1252('Ça coûte 5 €'), '</title>'), 'text/html; charset=iso-8859-1'),
  }
  let server: ReturnType<typeof Bun.serve>
  let base: string
  beforeAll(() => {
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => routes[new URL(r.url).pathname]?.() ?? new Response('', { status: 404 }) })
    base = `http://127.0.0.1:${server.port}`
  })
  afterAll(() => server.stop(true))

  const deps = {
    config: { fetchAllowPrivate: true, publicUrl: 'http://daybook.test' } as Config,
    logger: createLogger('error', 'json', () => {}),
  }

  test('the body is cut at 1 MiB: the truncated page is still read, what lies beyond is not', async () => {
    const res = await safeFetch(base + '/beyond-cap', { allowPrivate: true, headers: {} })
    expect(res).toMatchObject({ truncated: true, status: 200 })
    expect(res.body.length).toBe(FETCH_MAX_BYTES)
    expect((await fetchPageMeta(deps, base + '/beyond-cap')).value?.title).toBe('x'.repeat(255))
  })

  test('3 MiB of hostile markup: only the first MiB is parsed, and the head is read', async () => {
    expect((await fetchPageMeta(deps, base + '/hostile-3mib')).value?.title).toBe('Head')
  })

  test.each([
    ['/sjis-header', '日本語'],
    ['/sjis-meta', '日本語'],
    ['/cp1252-meta', 'Œuvre – €5'],
    ['/latin1-header', 'Ça coûte 5 €'],
  ])('page %s', async (path, title) => {
    expect((await fetchPageMeta(deps, base + path)).value?.title).toBe(title)
  })

  test('a feed declaring Shift_JIS in its XML declaration', async () => {
    expect((await fetchFeedMeta(deps, base + '/sjis-feed')).value?.title).toBe('日本語')
  })

  test('a byte-order mark wins over the declared charset', () => {
    const doc = bytes(Uint8Array.from([0xef, 0xbb, 0xbf]), '<meta charset="shift_jis"><title>Grüße</title>')
    expect(decodeDocument(doc, 'text/html; charset=windows-1252')).toContain('<title>Grüße</title>')
  })
})
