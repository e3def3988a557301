/**
 * Input built to hurt: JSON nested deeper than a call stack, `__proto__` keys, and fetched documents of
 * 1 MiB of unclosed markup. A backtracking scanner needs about a minute of blocked CPU for each of these
 * documents; bun's test timeout cannot interrupt synchronous work, so these tests pin the outcome and
 * markup-parser.ts keeps the parsing linear.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { COMMIT, DETECT, commitOk, expect422, html, servePages, type PageServer } from './helpers'

const SIZE = 1_000_000
const fill = (unit: string) => unit.repeat(Math.floor(SIZE / unit.length))

describe('request bodies', () => {
  let t: TestApp
  let alice: TestUser
  beforeEach(async () => {
    t = createTestApp()
    alice = await createUser(t)
  })
  afterEach(() => t.close())

  const send = (path: string, json: string) =>
    t.request('POST', path, { token: alice.token, body: json, headers: { 'content-type': 'application/json' } })
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

  test('JSON nested 200,000 levels deep is a validation error, not a 500', async () => {
    for (const path of [DETECT, COMMIT]) {
      const r = await send(path, `{"content":${nested(200_000)},"content_type":"note"}`)
      expect422(r, { content: ['The content field must be a string.'] })
    }
  })

  test('deeply nested unknown metadata keys are ignored', async () => {
    const r = await send(COMMIT, `{"content":"x","content_type":"note","metadata":{"deep":${nested(200_000)}}}`)
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ title: 'x', content: 'x' })
  })

  test('a "__proto__" key is an unknown key like any other', async () => {
    const r = await send(COMMIT, '{"content":"x","content_type":"note","metadata":{"__proto__":{"title":"from the prototype"}}}')
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ title: 'x', content: 'x' })
  })
})

describe('fetched documents of 1 MiB of unclosed markup', () => {
  let server: PageServer
  const cdata = fill('<![CDATA[')
  beforeAll(() => {
    const xml = (body: string) => html(body, 'application/xml')
    server = servePages({
      '/meta': () => html(fill('<meta ')),
      '/title': () => html(fill('<title ')),
      '/rss-title': () => xml('<rss><channel>' + fill('<title>')),
      '/rss-link': () => xml('<rss><channel><title>T</title>' + fill('<link>')),
      '/rss-image': () => xml('<rss><channel>' + fill('<image>')),
      '/rss-cdata': () => xml(`<rss><channel><title>${cdata}</title>`),
      '/atom-link': () => xml('<feed><title>A</title>' + fill('<link ')),
      '/atom-html': () => xml(`<feed><title type="html">${fill('&lt;')}</title>`),
      '/pi': () => xml(fill('<? ')),
      '/comment': () => xml(fill('<!-- ')),
      '/doctype': () => xml(fill('<!DOCTYPE [')),
    })
  })
  afterAll(() => server.stop())

  let t: TestApp
  let alice: TestUser
  beforeEach(async () => {
    t = createTestApp({ FETCH_ALLOW_PRIVATE: 'true' })
    alice = await createUser(t)
  })
  afterEach(() => t.close())

  test.each(['/meta', '/title'])('page %s', async (path) => {
    const item = await commitOk(t, alice, { content: server.url + path, content_type: 'links' })
    expect(item).toMatchObject({ title: server.url + path, description: null, cover_url: null })
  })

  test.each([
    ['/rss-title', null, null],
    ['/rss-link', 'T', null],
    ['/rss-image', null, null],
    ['/rss-cdata', cdata.slice(0, 255), null],
    ['/atom-link', 'A', null],
    ['/atom-html', '<'.repeat(255), null],
    ['/pi', null, null],
    ['/comment', null, null],
    ['/doctype', null, null],
  ])('feed %s', async (path, title, siteUrl) => {
    const item = await commitOk(t, alice, { content: server.url + path, content_type: 'feed' })
    expect(item).toMatchObject({ title: title ?? server.url + path, site_url: siteUrl })
  })
})
