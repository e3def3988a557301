/**
 * Page metadata for URL commits (docs/api/quick-add.md §7), fetched from a loopback server with
 * FETCH_ALLOW_PRIVATE=true.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { commit, commitOk, html, servePages, type PageServer } from './helpers'

const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c === '€' ? 0x80 : c.charCodeAt(0)))
const KOI8_PRIVET = Uint8Array.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]) // "Привет" in KOI8-R
const concat = (...parts: (string | Uint8Array)[]) => Buffer.concat(parts.map((p) => typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))
const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } })

const FULL_PAGE = `<!doctype html><html><head>
  <!-- <meta property="og:title" content="commented out"> -->
  <title>Element title</title>
  <meta property="og:title" content="Fish &amp; Chips &lt;3 &quot;q&quot; &#39;s&#39; &hellip; &#x1F41F;">
  <meta property="og:description" content="  A   tasty
     dish.  ">
  <meta name="description" content="not this one">
  <meta property="og:image" content="/img/cover.jpg?a=1&amp;b=2">
  <script>document.write('<meta property="og:image" content="https://evil.example/x.png">')</script>
</head><body><svg><title>not the page title</title></svg></body></html>`

let server: PageServer
beforeAll(() => {
  server = servePages({
    '/full': () => html(FULL_PAGE),
    '/title-only': () => html('<html><head><TITLE lang="en">\n  Tom &amp; Jerry &ndash;\n  caf&eacute; &copy; &unknown; </TITLE></head></html>'),
    '/twitter': () => html('<title>Element</title><meta name="twitter:title" content="Twitter title">'),
    '/og-by-name': () => html("<meta name='og:title' content='By name'><meta name=description content=Plain><title>x</title>"),
    '/image-url': () => html('<meta property="og:image" content="data:image/png;base64,AAAA"><meta property="og:image:url" content="//cdn.example/u.png">'),
    '/image-secure': () => html('<meta property="og:image:secure_url" content="https://cdn.example/s.png"><title>S</title>'),
    '/image-bad': () => html('<meta property="og:image" content="javascript:alert(1)"><title>B</title>'),
    '/long': () => html(`<title>${'t'.repeat(300)}</title><meta property="og:description" content="${'d'.repeat(2500)}">`),
    '/latin1': () => html(latin1('<title>Café €</title>'), 'text/html; charset=ISO-8859-1'),
    '/meta-charset': () => html(concat('<html><head><meta charset="windows-1252"><title>', latin1('Grüße'), '</title>'), 'text/html'),
    '/http-equiv': () => html(concat('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r"><title>', KOI8_PRIVET, '</title>'), 'text/html'),
    '/unknown-charset': () => html(Buffer.from('<title>Ünïcødé</title>'), 'text/html; charset=x-klingon'),
    '/utf8-default': () => html(Buffer.from('<title>日本語のページ</title>'), 'text/html'),
    '/header-wins': () => html(concat('<meta charset="koi8-r"><title>', latin1('Grüße'), '</title>'), 'text/html; charset=windows-1252'),
    '/xhtml': () => html('<html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML</title></head></html>', 'application/xhtml+xml'),
    '/gzip': () => new Response(Bun.gzipSync(Buffer.from('<title>Zipped</title>')), { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } }),
    '/json': () => html('{"title":"no"}', 'application/json'),
    '/missing': () => html('<title>Not found</title>', 'text/html', 404),
    '/error': () => html('<title>Oops</title>', 'text/html', 500),
    '/series': () => html('<meta property="og:type" content="video.tv_show"><meta property="og:title" content="Dark">'),
    '/episode': () => html('<meta property="og:type" content="video.episode"><title>Pilot</title>'),
    '/film': () => html('<meta property="og:type" content="video.movie"><title>Heat</title>'),
    '/deep/page': () => html('<title>Deep</title><meta property="og:image" content="cover.png">'),
    '/hop/start': () => redirect('/hop/2', 301),
    '/hop/2': (_r, url) => redirect(`${url.origin}/hop/3`, 302),
    '/hop/3': () => redirect('/hop/4', 303),
    '/hop/4': () => redirect('/hop/5', 307),
    '/hop/5': () => redirect('/deep/page', 308),
    '/six/0': () => redirect('/six/1'),
    '/six/1': () => redirect('/six/2'),
    '/six/2': () => redirect('/six/3'),
    '/six/3': () => redirect('/six/4'),
    '/six/4': () => redirect('/six/5'),
    '/six/5': () => redirect('/full'),
    '/to-ftp': () => redirect('ftp://127.0.0.1/x'),
    '/slow-body': () => new Response(new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('<html><head><title>Too slow</title>'))
        await Bun.sleep(4500)
        controller.close()
      },
    }), { headers: { 'content-type': 'text/html' } }),
    '/huge': () => html(concat('<head><title>Big page</title><meta property="og:description" content="Head survives"></head><body>', 'x'.repeat(3 * 1024 * 1024))),
    '/huge-head': () => html(concat('<head><!--', 'x'.repeat(1024 * 1024), '--><title>Beyond the cap</title>')),
  })
})
afterAll(() => server.stop())

const t = useTestApp({ FETCH_ALLOW_PRIVATE: 'true' })
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const link = (path: string, metadata?: Record<string, unknown>) =>
  commitOk(t, alice, { content: server.url + path, content_type: 'links', ...(metadata ? { metadata } : {}) })

describe('page metadata', () => {
  test('og tags win; entities decoded; white space collapsed; cover resolved against the page', async () => {
    const item = await link('/full')
    expect(item).toMatchObject({
      url: server.url + '/full',
      title: 'Fish & Chips <3 "q" \'s\' … 🐟',
      description: 'A tasty dish.',
      cover_url: server.url + '/img/cover.jpg?a=1&b=2',
      fetch_failed: false,
      fetch_error: null,
    })
  })

  test('the request: GET with the contract User-Agent and Accept, no cookies', async () => {
    const before = server.hits.length
    await link('/full')
    const hit = server.hits[before]!
    expect(hit.path).toBe('/full')
    expect(hit.headers.get('user-agent')).toBe('daybook/1.0.0 (+http://daybook.test)')
    expect(hit.headers.get('accept')).toBe('text/html,application/xhtml+xml,application/rss+xml,application/atom+xml,application/xml;q=0.9,*/*;q=0.8')
    expect(hit.headers.get('cookie')).toBeNull()
    expect(hit.headers.get('authorization')).toBeNull()
    expect(hit.headers.get('host')).toBe(new URL(server.url).host)
  })

  test.each([
    ['/title-only', 'Tom & Jerry – café © &unknown;', null, null],
    ['/twitter', 'Twitter title', null, null],
    ['/og-by-name', 'By name', 'Plain', null],
    ['/image-url', null, null, 'http://cdn.example/u.png'],
    ['/image-secure', 'S', null, 'https://cdn.example/s.png'],
    ['/image-bad', 'B', null, null],
    ['/latin1', 'Café €', null, null],
    ['/meta-charset', 'Grüße', null, null],
    ['/http-equiv', 'Привет', null, null],
    ['/unknown-charset', 'Ünïcødé', null, null],
    ['/utf8-default', '日本語のページ', null, null],
    ['/header-wins', 'Grüße', null, null],
    ['/xhtml', 'XHTML', null, null],
    ['/gzip', 'Zipped', null, null],
  ])('%s', async (path, title, description, cover) => {
    const item = await link(path)
    expect(item).toMatchObject({ title: title ?? server.url + path, description, cover_url: cover })
  })

  test('title cut to 255, description to 2000', async () => {
    const item = await link('/long')
    expect(item.title).toBe('t'.repeat(255))
    expect(item.description).toBe('d'.repeat(2000))
  })

  test.each([['/json', 'not_html'], ['/missing', 'bad_status'], ['/error', 'bad_status'], ['/nowhere', 'bad_status']])(
    '%s: not a usable page → the URL is the title, and the link says why', async (path, reason) => {
      const item = await link(path)
      expect(item).toMatchObject({ title: server.url + path, description: null, cover_url: null, fetch_failed: true, fetch_error: reason })
    })

  test('a server that does not answer at all', async () => {
    const gone = servePages({})
    gone.stop()
    const item = await commitOk(t, alice, { content: gone.url + '/page', content_type: 'links' })
    expect(item).toMatchObject({ title: gone.url + '/page', fetch_failed: true, fetch_error: 'unreachable' })
  })

  test('metadata.title skips the fetch; other metadata keys override the page field by field', async () => {
    const before = server.hits.length
    const item = await link('/full', { title: 'Mine' })
    expect(server.hits.length).toBe(before)
    expect(item).toMatchObject({ title: 'Mine', description: null, cover_url: null, fetch_failed: false, fetch_error: null })
    const mixed = await link('/full', { description: 'My words' })
    expect(server.hits.length).toBe(before + 1)
    expect(mixed).toMatchObject({ title: 'Fish & Chips <3 "q" \'s\' … 🐟', description: 'My words', cover_url: server.url + '/img/cover.jpg?a=1&b=2' })
  })

  test('every URL type uses the page', async () => {
    for (const type of ['music', 'books', 'movies', 'games', 'recipes']) {
      const item = await commitOk(t, alice, { content: server.url + '/full', content_type: type })
      expect(item).toMatchObject({ title: 'Fish & Chips <3 "q" \'s\' … 🐟', description: 'A tasty dish.', link: server.url + '/full' })
      // The flag is the links library's: the other libraries with a page keep their field sets.
      expect(item).not.toHaveProperty('fetch_failed')
    }
  })

  test.each([['/series', 'Dark', 'series'], ['/episode', 'Pilot', 'series'], ['/film', 'Heat', 'movie']])('movies %s → %s', async (path, title, category) => {
    const item = await commitOk(t, alice, { content: server.url + path, content_type: 'movies' })
    expect(item).toMatchObject({ title, category })
    const forced = await commitOk(t, alice, { content: server.url + path, content_type: 'movies', metadata: { category: 'movie' } })
    expect(forced.category).toBe('movie')
  })

  test('IPv6 loopback', async () => {
    const v6 = servePages({ '/': () => html('<title>Over IPv6</title>') }, '::1')
    try {
      expect((await commitOk(t, alice, { content: v6.url + '/', content_type: 'links' })).title).toBe('Over IPv6')
    } finally {
      v6.stop()
    }
  })
})

describe('redirects, timeout and size cap', () => {
  test('five redirects are followed; the final URL resolves relative covers; the item keeps the given URL', async () => {
    const item = await link('/hop/start')
    expect(item).toMatchObject({ url: server.url + '/hop/start', title: 'Deep', cover_url: server.url + '/deep/cover.png' })
  })

  test('a sixth redirect is not followed → fallback', async () => {
    const before = server.hits.length
    const item = await link('/six/0')
    expect(item).toMatchObject({ title: server.url + '/six/0', description: null, fetch_failed: true, fetch_error: 'too_many_redirects' })
    expect(server.hits.slice(before).map((h) => h.path)).toEqual(['/six/0', '/six/1', '/six/2', '/six/3', '/six/4', '/six/5'])
  })

  test('a redirect to another scheme is refused', async () => {
    expect(await link('/to-ftp')).toMatchObject({ title: server.url + '/to-ftp', fetch_failed: true, fetch_error: 'refused' })
  })

  test('a body slower than 3 s → timeout → the URL is the title', async () => {
    const item = await link('/slow-body')
    expect(item).toMatchObject({ title: server.url + '/slow-body', description: null, fetch_failed: true, fetch_error: 'timeout' })
  })

  test('a huge page is cut at 1 MiB and its head still parsed', async () => {
    const item = await link('/huge')
    expect(item).toMatchObject({ title: 'Big page', description: 'Head survives' })
  })

  test('what lies beyond 1 MiB is not read', async () => {
    expect((await link('/huge-head')).title).toBe(server.url + '/huge-head')
  })
})

describe('feeds', () => {
  let feeds: PageServer
  beforeAll(() => {
    const xml = (body: string | Uint8Array, type = 'application/rss+xml') => html(body, type)
    feeds = servePages({
      '/rss2.xml': () => xml(`<?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
          <atom:link href="https://elsewhere.example/feed" rel="self" type="application/rss+xml"/>
          <image><url>https://img.example/i.png</url><title>Image title</title><link>https://img.example/</link></image>
          <title>Example &amp; Blog</title><link>https://example.com/</link>
          <item><title>First post</title><link>https://example.com/1</link></item>
        </channel></rss>`),
      '/rss1.rdf': () => xml(`<?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
          <channel rdf:about="https://rdf.example/"><image rdf:resource="https://rdf.example/i.png"/>
            <title><![CDATA[RDF <Site> & more]]></title><link>/home</link><items><rdf:Seq/></items></channel>
          <item rdf:about="x"><title>Item</title><link>https://rdf.example/i</link></item>
        </rdf:RDF>`, 'text/xml'),
      '/atom.xml': () => xml(`<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">
          <title type="html">Atom &lt;b&gt;Feed&lt;/b&gt;</title><link rel="self" href="/atom.xml"/><link href="/first-without-rel"/>
          <link rel="alternate" type="text/html" href="https://atom.example/"/>
          <entry><title>Entry</title><link rel="alternate" href="https://atom.example/e"/></entry></feed>`, 'application/atom+xml'),
      '/atom-norel.xml': () => xml('<feed xmlns="http://www.w3.org/2005/Atom"><title>No rel</title><link rel="self" href="/x"/><link href="/home"/></feed>', 'text/plain'),
      '/latin1.xml': () => xml(concat('<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>', latin1('Café'), '</title></channel></rss>'), 'application/xml'),
      '/page.html': () => html('<title>Just a page</title>'),
      '/gone.xml': () => new Response('<rss><channel><title>Gone</title></channel></rss>', { status: 410 }),
    })
  })
  afterAll(() => feeds.stop())

  const feed = (path: string) => commitOk(t, alice, { content: feeds.url + path, content_type: 'feed' })

  test.each([
    ['/rss2.xml', 'Example & Blog', 'https://example.com/'],
    ['/rss1.rdf', 'RDF <Site> & more', null],
    ['/atom.xml', 'Atom Feed', 'https://atom.example/'],
    ['/atom-norel.xml', 'No rel', '/home'],
    ['/latin1.xml', 'Café', null],
    ['/page.html', null, null],
    ['/gone.xml', null, null],
  ])('%s', async (path, title, site) => {
    const item = await feed(path)
    const siteUrl = path === '/rss1.rdf' ? feeds.url + '/home' : site?.startsWith('/') ? feeds.url + site : site
    expect(item).toMatchObject({ library: 'feeds', url: feeds.url + path, title: title ?? feeds.url + path, site_url: siteUrl })
  })

  test('two subscriptions racing past the check meet the unique index → one 201, one 409', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => commit(t, alice, { content: feeds.url + '/atom.xml', content_type: 'feed' })))
    expect([a!.status, b!.status].sort()).toEqual([201, 409])
    expect([a, b].find((r) => r!.status === 409)!.body.message).toBe('You are already subscribed to this feed.')
  })

  test('subscribing twice → 409 without fetching again', async () => {
    await feed('/rss2.xml')
    const before = feeds.hits.length
    const again = await commit(t, alice, { content: feeds.url + '/rss2.xml', content_type: 'feed' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('You are already subscribed to this feed.')
    expect(feeds.hits.length).toBe(before)
    const list = await t.request('GET', '/api/v1/libraries/feeds', { token: alice.token })
    expect(list.body.data.length).toBe(1)
  })
})
