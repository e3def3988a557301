/**
 * The address guard of the page fetch (docs/api/quick-add.md §7). Refused addresses must be refused before any
 * connection: through HTTP the loopback servers must see no request at all; the direct safeFetch tests
 * inject DNS answers and record every connection attempt (no traffic ever leaves loopback).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { isPublicAddress } from '../../src/lib/public-address'
import {
  nodeConnector, safeFetch, SafeFetchError, type Connector, type ResolvedAddress, type SafeFetchOptions,
} from '../../src/lib/safe-fetch'
import { commitOk, html, servePages, type PageServer } from './helpers'

let v4: PageServer
let v6: PageServer
beforeAll(() => {
  const routes = {
    '/page': () => html('<title>Secret internal page</title>'),
    '/to-internal': () => new Response(null, { status: 302, headers: { location: 'http://internal.example/admin' } }),
    '/to-metadata': () => new Response(null, { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }),
    '/to-loopback': () => new Response(null, { status: 307, headers: { location: `http://127.0.0.1:${new URL(v4.url).port}/page` } }),
    '/to-v6': () => new Response(null, { status: 308, headers: { location: `http://[::1]:${new URL(v6.url).port}/page` } }),
    '/to-public': () => new Response(null, { status: 302, headers: { location: '/page' } }),
  }
  v4 = servePages(routes)
  v6 = servePages(routes, '::1')
})
afterAll(() => {
  v4.stop()
  v6.stop()
})

describe('through commit, FETCH_ALLOW_PRIVATE=false', () => {
  let t: TestApp
  let alice: TestUser
  beforeEach(async () => {
    t = createTestApp({ FETCH_ALLOW_PRIVATE: 'false' })
    alice = await createUser(t)
  })
  afterEach(() => t.close())

  const port = () => new URL(v4.url).port
  test.each([
    () => `http://127.0.0.1:${port()}/page`,
    () => `http://127.1.2.3:${port()}/page`,
    () => `http://localhost:${port()}/page`,
    () => `http://2130706433:${port()}/page`,
    () => `http://0x7f.1:${port()}/page`,
    () => `http://0.0.0.0:${port()}/page`,
    () => `http://[::ffff:127.0.0.1]:${port()}/page`,
    () => `http://[::1]:${new URL(v6.url).port}/page`,
    () => 'http://10.0.0.1/page',
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://[fd00::1]/page',
  ])('%#: refused, the URL is the title, no request reaches the server', async (url) => {
    const before = v4.hits.length + v6.hits.length
    const item = await commitOk(t, alice, { content: url(), content_type: 'links' })
    expect(item.title).toBe(new URL(url()).href)
    expect(item.description).toBeNull()
    expect(v4.hits.length + v6.hits.length).toBe(before)
  })

  test('with FETCH_ALLOW_PRIVATE=true the same page is fetched; user info is never fetched', async () => {
    const open = createTestApp({ FETCH_ALLOW_PRIVATE: 'true' })
    try {
      const bob = await createUser(open)
      expect((await commitOk(open, bob, { content: `${v4.url}/page`, content_type: 'links' })).title).toBe('Secret internal page')
      const before = v4.hits.length
      const withCredentials = `http://user:pass@127.0.0.1:${port()}/page`
      expect((await commitOk(open, bob, { content: withCredentials, content_type: 'links' })).title).toBe(withCredentials)
      expect(v4.hits.length).toBe(before)
    } finally {
      open.close()
    }
  })
})

describe('safeFetch with injected DNS answers', () => {
  const PUBLIC = '93.184.216.34'
  let connects: string[]
  let lookups: string[]
  let dns: Record<string, ResolvedAddress[]>

  /** Records the vetted address, then really connects to the loopback server (never to that address). */
  const loopbackConnector: Connector = (target, init) => {
    connects.push(target.address)
    return nodeConnector({ ...target, address: '127.0.0.1', family: 4 }, init)
  }

  const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    allowPrivate: false,
    headers: { 'User-Agent': 'test' },
    resolve: async (name) => {
      lookups.push(name)
      const found = dns[name]
      if (!found) throw new Error(`no such name ${name}`)
      return found
    },
    connect: loopbackConnector,
    ...extra,
  })

  const refusal = async (url: string, extra?: Partial<SafeFetchOptions>) => {
    const err = await safeFetch(url, options(extra)).then(() => undefined, (e) => e)
    expect(err).toBeInstanceOf(SafeFetchError)
    return err as SafeFetchError
  }

  beforeEach(() => {
    connects = []
    lookups = []
    dns = { 'public.example': [{ address: PUBLIC, family: 4 }], 'internal.example': [{ address: '10.0.0.1', family: 4 }] }
  })

  test('a public name: one lookup, the connection goes to the vetted address, Host stays the name', async () => {
    const port = new URL(v4.url).port
    const before = v4.hits.length
    const res = await safeFetch(`http://public.example:${port}/page`, options())
    expect(res.status).toBe(200)
    expect(new TextDecoder().decode(res.body)).toBe('<title>Secret internal page</title>')
    expect(lookups).toEqual(['public.example'])
    expect(connects).toEqual([PUBLIC])
    expect(v4.hits[before]!.headers.get('host')).toBe(`public.example:${port}`)
  })

  test.each([
    '127.0.0.1', '10.0.0.1', '169.254.169.254', '172.16.5.4', '192.168.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::',
    'fd12::1', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2001:db8::1',
  ])('a name resolving to %s is refused before connecting', async (address) => {
    dns['sneaky.example'] = [{ address, family: address.includes(':') ? 6 : 4 }]
    expect((await refusal('http://sneaky.example/')).reason).toBe('address')
    expect(connects).toEqual([])
  })

  test('every resolved address must be public', async () => {
    dns['mixed.example'] = [{ address: PUBLIC, family: 4 }, { address: '10.0.0.1', family: 4 }]
    expect((await refusal('http://mixed.example/')).reason).toBe('address')
    expect(connects).toEqual([])
  })

  test.each(['http://127.0.0.1/', 'http://10.0.0.1/', 'http://169.254.169.254/', 'http://[::1]/', 'http://[::ffff:a00:1]/'])(
    'literal %s is refused without a lookup or connection', async (url) => {
      expect((await refusal(url)).reason).toBe('address')
      expect(lookups).toEqual([])
      expect(connects).toEqual([])
    })

  test.each(['/to-internal', '/to-metadata', '/to-loopback', '/to-v6'])('redirect %s from an allowed start is refused before connecting', async (path) => {
    const port = new URL(v4.url).port
    expect((await refusal(`http://public.example:${port}${path}`)).reason).toBe('address')
    expect(connects).toEqual([PUBLIC])
  })

  test('a redirect to a public address is followed and checked again', async () => {
    const port = new URL(v4.url).port
    const res = await safeFetch(`http://public.example:${port}/to-public`, options())
    expect(res.status).toBe(200)
    expect(res.url).toBe(`http://public.example:${port}/page`)
    expect(lookups).toEqual(['public.example', 'public.example'])
    expect(connects).toEqual([PUBLIC, PUBLIC])
  })

  test('schemes, user info, unknown names and the deadline', async () => {
    expect((await refusal('ftp://public.example/')).reason).toBe('url')
    expect((await refusal('file:///etc/passwd')).reason).toBe('url')
    expect((await refusal('http://me:secret@public.example/')).reason).toBe('url')
    expect((await refusal('http://nowhere.example/')).reason).toBe('resolve')
    expect(connects).toEqual([])
    const never: Connector = () => new Promise(() => {})
    expect((await refusal('http://public.example/', { connect: never, timeoutMs: 50 })).reason).toBe('timeout')
  })

  test('allowPrivate skips the address check but not the scheme rule', async () => {
    dns['internal.example'] = [{ address: '127.0.0.1', family: 4 }]
    const port = new URL(v4.url).port
    const res = await safeFetch(`http://internal.example:${port}/page`, options({ allowPrivate: true }))
    expect(res.status).toBe(200)
    expect(connects).toEqual(['127.0.0.1'])
    expect((await refusal('gopher://internal.example/', { allowPrivate: true })).reason).toBe('url')
  })
})

describe('isPublicAddress', () => {
  test.each([
    '0.0.0.0', '0.255.255.255', '10.0.0.0', '10.255.255.255', '100.64.0.0', '100.127.255.255', '127.0.0.1', '127.255.255.255',
    '169.254.0.0', '169.254.169.254', '172.16.0.0', '172.31.255.255', '192.0.0.0', '192.0.0.255', '192.0.2.1', '192.88.99.1',
    '192.168.0.1', '198.18.0.0', '198.19.255.255', '198.51.100.7', '203.0.113.9', '224.0.0.0', '239.255.255.255', '240.0.0.1',
    '255.255.255.255', '::', '::1', '100::', '100::ffff:ffff:ffff:ffff', '2001:db8::', '2001:db8:ffff::1', 'fc00::', 'fdff::1',
    'fe80::', 'febf::1', 'fe80::1%eth0', 'ff00::', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:192.168.1.1',
    '64:ff9b::10.0.0.1', '64:ff9b::a9fe:a9fe', '[::1]', 'not an ip', '', '1.2.3', '::ffff:999.1.1.1',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  test.each([
    '1.1.1.1', '8.8.8.8', '93.184.216.34', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.0',
    '192.0.3.0', '192.88.98.255', '192.169.0.0', '198.17.255.255', '198.20.0.0', '203.0.114.0', '223.255.255.255',
    '2606:4700:4700::1111', '2001:4860:4860::8888', '2001:db9::1', '100:0:0:1::1', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8',
    '[2606:4700::1]',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  // The ranges of ipaddr.js's table the old hand-made one let through: site-local, 6to4, Teredo and the rest of
  // 2001::/23, documentation 3fff::/20, segment routing, IPv4-translated, local-use NAT64, AS112 and AMT.
  test.each([
    'fec0::1', '2002:7f00:1::1', '2001::1', '2001:2::1', '3fff::1', '5f00::1', '::ffff:0:7f00:1', '64:ff9b:1::a00:1',
    '192.175.48.1', '192.31.196.1', '192.52.193.1',
  ])('%s is refused (a special-purpose range)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  // ipaddr.js would read these as IPv4-mapped (::ffff:8.8.8.8); they are the deprecated IPv4-compatible form.
  test.each(['::8.8.8.8', '[::8.8.8.8]', '::0808:0808'])('%s is refused (IPv4-compatible, not mapped)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })
})
