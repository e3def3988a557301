/**
 * A link's page fetched again (docs/api/quick-add.md §9.1) against a loopback site that fails first and then serves
 * the page: the flag and its reason, what a failure answers (and that it changes nothing), what a success takes,
 * who may refetch what, the address guard, and the per-person limit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { HOUR, MINUTE } from '../../src/lib/clock'
import { commitOk, expect401, expect404, html, servePages, show, type PageServer } from './helpers'

const PAGE = '<title>x</title><meta property="og:title" content="Seed saving"><meta name="description" content="Keep the best ones.">'
  + '<meta property="og:image" content="/cover.png">'

/** How the site answers `/article` now: a test switches it from failing to serving. */
let answer: 'down' | 'json' | 'page' | 'title-only' = 'down'
let site: PageServer
beforeAll(() => {
  site = servePages({
    '/article': () => answer === 'down' ? html('<title>Service Unavailable</title>', 'text/html', 503)
      : answer === 'json' ? html('{"title":"no"}', 'application/json')
        : answer === 'page' ? html(PAGE) : html('<title>Only a title</title>'),
    '/slow': () => new Response(new ReadableStream({
      async start(controller) {
        await Bun.sleep(4000)
        controller.close()
      },
    }), { headers: { 'content-type': 'text/html' } }),
    '/loop': () => new Response(null, { status: 302, headers: { location: '/loop' } }),
  })
})
afterAll(() => site.stop())

const refetch = (t: TestApp, user: TestUser | null, id: string, library = 'links') =>
  t.request('POST', `/api/v1/libraries/${library}/${id}/refetch`, { token: user?.token })

describe('FETCH_ALLOW_PRIVATE=true (the loopback site stands for the web)', () => {
  let t: TestApp
  let alice: TestUser
  beforeAll(() => { t = createTestApp({ FETCH_ALLOW_PRIVATE: 'true' }) })
  afterAll(() => t.close())
  beforeEach(async () => {
    answer = 'down'
    alice = await createUser(t)
  })

  const addLink = (user: TestUser, path = '/article', metadata?: Record<string, unknown>) =>
    commitOk(t, user, { content: site.url + path, content_type: 'links', ...(metadata ? { metadata } : {}) })

  test('failing, then serving: the flag stays until a refetch reads the page', async () => {
    const item = await addLink(alice)
    expect(item).toMatchObject({ title: site.url + '/article', description: null, cover_url: null, fetch_failed: true, fetch_error: 'bad_status' })

    const failed = await refetch(t, alice, item.id)
    expect(failed.status).toBe(502)
    expect(failed.body).toMatchObject({ success: false, code: 'fetch_failed', message: 'The page answered with HTTP status 503.', errors: ['bad_status'] })
    expect((await show(t, alice, 'links', item.id)).body.data).toEqual(item)

    answer = 'json'
    expect((await refetch(t, alice, item.id)).body).toMatchObject({ code: 'fetch_failed', message: 'The link does not lead to a web page.', errors: ['not_html'] })
    expect((await show(t, alice, 'links', item.id)).body.data).toEqual(item)

    answer = 'page'
    t.clock.advance(MINUTE)
    const fetched = await refetch(t, alice, item.id)
    expect(fetched.status).toBe(200)
    expect(fetched.body.message).toBe('Page fetched successfully.')
    const expected = {
      ...item, title: 'Seed saving', description: 'Keep the best ones.', cover_url: site.url + '/cover.png', fetch_failed: false, fetch_error: null,
      updated_at: new Date(t.clock.now()).toISOString(),
    }
    expect(fetched.body.data).toEqual(expected)
    expect((await show(t, alice, 'links', item.id)).body.data).toEqual(expected)
  })

  test('a page without some fields keeps the item\'s; favourite and tags are never touched', async () => {
    answer = 'page'
    const item = await addLink(alice, '/article', { description: 'My words', is_favorite: true, tags: ['garden'] })
    expect(item).toMatchObject({ title: 'Seed saving', description: 'My words', fetch_failed: false, fetch_error: null })
    answer = 'title-only'
    const fetched = (await refetch(t, alice, item.id)).body.data
    expect(fetched).toMatchObject({
      title: 'Only a title', description: 'My words', cover_url: site.url + '/cover.png', is_favorite: true, tags: ['garden'], fetch_failed: false,
    })
  })

  test('a successful refetch of a link that never failed reads the page again too', async () => {
    const item = await addLink(alice, '/article', { title: 'Named by hand' })
    expect(item).toMatchObject({ title: 'Named by hand', fetch_failed: false })
    answer = 'page'
    expect((await refetch(t, alice, item.id)).body.data).toMatchObject({ title: 'Seed saving', description: 'Keep the best ones.' })
  })

  test('too many redirects and a server that is gone answer 502 with their reason', async () => {
    const looping = await addLink(alice, '/loop')
    expect(looping).toMatchObject({ fetch_failed: true, fetch_error: 'too_many_redirects' })
    expect((await refetch(t, alice, looping.id)).body).toMatchObject({
      code: 'fetch_failed', message: 'The page redirected more than 5 times.', errors: ['too_many_redirects'],
    })
    const gone = servePages({})
    gone.stop()
    const lost = await commitOk(t, alice, { content: gone.url + '/x', content_type: 'links' })
    const r = await refetch(t, alice, lost.id)
    expect(r.status).toBe(502)
    expect(r.body).toMatchObject({ code: 'fetch_failed', message: 'The link’s server could not be reached.', errors: ['unreachable'] })
  })

  test('a page slower than 3 s answers 504 and changes nothing', async () => {
    const late = await addLink(alice, '/slow')
    expect(late).toMatchObject({ fetch_failed: true, fetch_error: 'timeout' })
    const r = await refetch(t, alice, late.id)
    expect(r.status).toBe(504)
    expect(r.body).toMatchObject({ success: false, code: 'fetch_timeout', message: 'The page did not answer within 3 seconds.', errors: ['timeout'] })
    expect((await show(t, alice, 'links', late.id)).body.data).toEqual(late)
  }, 20_000)

  test('401 without a token; another user\'s link, another library, an unknown id → 404, and nothing is fetched', async () => {
    const item = await addLink(alice)
    const bob = await createUser(t)
    const note = await commitOk(t, alice, { content: 'A note', content_type: 'note' })
    const before = site.hits.length
    expect401(await refetch(t, null, item.id))
    expect404(await refetch(t, bob, item.id))
    expect404(await refetch(t, alice, note.id))
    expect404(await refetch(t, alice, note.id, 'notes'))
    expect404(await refetch(t, alice, item.id, 'music'))
    expect404(await refetch(t, alice, '0197a1c4-2a00-7000-8000-000000000001'))
    expect404(await refetch(t, alice, 'not-a-uuid'))
    expect(site.hits.length).toBe(before)
    expect((await show(t, alice, 'links', item.id)).body.data).toEqual(item)
    answer = 'page'
    expect((await refetch(t, alice, item.id.toUpperCase())).status).toBe(200)
  })

  test('30 refetches an hour per person; the 31st is a 429 with Retry-After, another person still may', async () => {
    const item = await addLink(alice)
    for (let i = 1; i <= 30; i++) {
      const r = await refetch(t, alice, item.id)
      expect(r.status).toBe(502)
      expect(r.headers.get('x-ratelimit-limit')).toBe('30')
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(30 - i))
    }
    const before = site.hits.length
    const limited = await refetch(t, alice, item.id)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(site.hits.length).toBe(before)

    const bob = await createUser(t)
    const his = await addLink(bob)
    expect((await refetch(t, bob, his.id)).status).toBe(502)

    t.clock.advance(HOUR)
    answer = 'page'
    expect((await refetch(t, alice, item.id)).status).toBe(200)
  })
})

describe('FETCH_ALLOW_PRIVATE=false: the guard refuses the address', () => {
  let t: TestApp
  beforeAll(() => { t = createTestApp({ FETCH_ALLOW_PRIVATE: 'false' }) })
  afterAll(() => t.close())

  test('a link to a private address is flagged as refused; its refetch is a 422 and never reaches the server', async () => {
    answer = 'page'
    const alice = await createUser(t)
    const before = site.hits.length
    const item = await commitOk(t, alice, { content: site.url + '/article', content_type: 'links' })
    expect(item).toMatchObject({ title: site.url + '/article', fetch_failed: true, fetch_error: 'refused' })
    const r = await refetch(t, alice, item.id)
    expect(r.status).toBe(422)
    expect(r.body).toMatchObject({
      success: false, code: 'fetch_refused', message: 'The link’s address is not a public web address, so it is not fetched.',
    })
    expect(r.body.errors).toBeUndefined()
    expect(site.hits.length).toBe(before)
    expect((await show(t, alice, 'links', item.id)).body.data).toEqual(item)
  })
})
