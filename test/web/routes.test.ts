/**
 * The web feature over HTTP: every page path answers the app with its security headers, assets are served by
 * their hashed names with a year's cache and gzip when (and only when) the client takes it, and nothing outside
 * the bundled files is reachable — unknown names, encoded traversals and other methods keep the API's answers.
 */
import { describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { PAGES } from '../../src/web/paths'
import { webFiles } from '../../dist/web/assets'

const t = useTestApp()
const asset = Object.keys(webFiles).find((p) => p.startsWith('/assets/') && p.endsWith('.js'))!

describe('pages', () => {
  test('every page path answers the app with CSP, no framing and no caching of the page itself', async () => {
    for (const pattern of Object.values(PAGES)) {
      const path = pattern.replace(':userId', '0197a1b2-6c1e-7d3a-9f42-1b2c3d4e5f60').replace(':token', 'abc').replace(':type', 'books')
      const r = await t.request('GET', `${path}?platform=mobile`)
      expect({ path, status: r.status }).toEqual({ path, status: 200 })
      expect(r.headers.get('content-type')).toBe('text/html;charset=utf-8')
      expect(r.headers.get('content-security-policy')).toContain("default-src 'none'; script-src 'self'; style-src 'self'")
      expect(r.headers.get('x-frame-options')).toBe('DENY')
      expect(r.headers.get('cache-control')).toBe('no-cache')
      expect(r.body).toContain('<div id="app">')
    }
  })

  test('HEAD answers the headers; other methods on a page are 405 with Allow', async () => {
    const head = await t.request('HEAD', '/signin')
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    const post = await t.request('POST', '/signin', { body: {} })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toContain('GET')
    expect(post.body.code).toBe('method_not_allowed')
  })
})

describe('unknown paths', () => {
  const PAGE_LOAD = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

  test('a page load gets the app with status 404 (its router draws "page not found") and the pages\' headers', async () => {
    for (const path of ['/no-such-page', '/settings/nothing', '/libraries/books/extra']) {
      const r = await t.request('GET', path, { headers: PAGE_LOAD })
      expect({ path, status: r.status, type: r.headers.get('content-type') }).toEqual({ path, status: 404, type: 'text/html;charset=utf-8' })
      expect(r.headers.get('content-security-policy')).toContain("default-src 'none'; script-src 'self'")
      expect(r.headers.get('x-frame-options')).toBe('DENY')
      expect(r.body).toContain('<div id="app">')
    }
  })

  test('/api, /assets and /storage, other clients and other methods keep the API\'s JSON answers', async () => {
    for (const path of ['/api/v1/nope', '/api', '/assets/nope.js', '/storage/other']) {
      const r = await t.request('GET', path, { headers: PAGE_LOAD })
      expect({ path, status: r.status, code: r.body?.code }).toEqual({ path, status: 404, code: 'not_found' })
    }
    for (const accept of ['application/json', '*/*']) {
      const r = await t.request('GET', '/no-such-page', { headers: { accept } })
      expect({ accept, status: r.status, code: r.body?.code }).toEqual({ accept, status: 404, code: 'not_found' })
    }
    const post = await t.request('POST', '/no-such-page', { headers: PAGE_LOAD, body: {} })
    expect([post.status, post.body.code]).toEqual([404, 'not_found'])
  })
})

describe('assets', () => {
  test('a hashed asset is cached for a year; gzip only when accepted', async () => {
    const plain = await t.request('GET', asset)
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-type')).toStartWith('text/javascript')
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')

    const zipped = await t.request('GET', asset, { headers: { 'accept-encoding': 'br, gzip;q=0.8' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(Bun.gunzipSync(new Uint8Array(await zipped.raw.arrayBuffer())).byteLength).toBe((await plain.raw.arrayBuffer()).byteLength)

    for (const refused of ['gzip;q=0', 'identity', 'br']) {
      const r = await t.request('GET', asset, { headers: { 'accept-encoding': refused } })
      expect({ refused, encoding: r.headers.get('content-encoding') }).toEqual({ refused, encoding: null })
    }
    expect((await t.request('GET', asset, { headers: { 'accept-encoding': '*' } })).headers.get('content-encoding')).toBe('gzip')
  })

  test('only bundled files are reachable: unknown names and traversals are the API 404', async () => {
    for (const path of ['/assets/nope.js', '/assets/..%2f..%2fpackage.json', '/assets/%2e%2e%2fassets.ts', '/api/docs/index.html',
      '/api/docs/..%2f..%2fpackage.json', '/index.html', '/assets.ts', '/package.json']) {
      const r = await t.request('GET', path)
      expect({ path, status: r.status, code: r.body?.code }).toEqual({ path, status: 404, code: 'not_found' })
    }
  })

  test('the manifest, icons and the docs UI files are served; the docs page allows the inline styles Swagger UI sets', async () => {
    for (const path of ['/manifest.webmanifest', '/icon.svg', '/icon-192.png', '/icon-512.png', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']) {
      expect({ path, status: (await t.request('GET', path)).status }).toEqual({ path, status: 200 })
    }
    const docs = await t.request('GET', '/api/docs')
    expect(docs.status).toBe(200)
    expect(docs.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'")
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self';")
    expect((await t.request('GET', '/api/docs/json')).body.openapi).toStartWith('3.')
  })
})
