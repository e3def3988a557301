import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { addImage, addText, expectInvalid, expectUnauthenticated } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const list = (query = '', user = alice) => t.request('GET', `/api/v1/clipboard${query}`, { token: user.token })

describe('GET /v1/clipboard', () => {
  test('an empty list still has pagination meta', async () => {
    const r = await list()
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: true, message: 'Clipboards retrieved successfully.', data: [], timestamp: '2026-06-24T10:00:00.000Z',
      meta: { pagination: { current_page: 1, last_page: 1, per_page: 50, total: 0, from: null, to: null, has_more_pages: false } },
    })
  })

  test('newest first; entries created in the same millisecond by id descending', async () => {
    const first = await addText(t, alice, 'first')
    t.clock.advance(1000)
    const second = await addText(t, alice, 'second')
    const third = await addText(t, alice, 'third') // same created_at as second
    t.clock.advance(1000)
    const image = await addImage(t, alice)
    const r = await list()
    expect(r.body.data.map((e: any) => e.id)).toEqual([image.id, third.id, second.id, first.id])
    expect(r.body.data[1]).toEqual({
      id: third.id, type: 'text', content: 'third', file_path: null, image_url: null, mime_type: null, size_bytes: null,
      created_at: '2026-06-24T10:00:01.000Z', updated_at: '2026-06-24T10:00:01.000Z',
    })
  })

  test('pages: meta, the last partial page, and a page past the end', async () => {
    const ids: number[] = []
    for (let i = 0; i < 5; i++) {
      ids.unshift((await addText(t, alice, `entry ${i}`)).id)
      t.clock.advance(1)
    }
    const p1 = await list('?per_page=2')
    expect(p1.body.data.map((e: any) => e.id)).toEqual(ids.slice(0, 2))
    expect(p1.body.meta.pagination).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5, from: 1, to: 2, has_more_pages: true })
    const p3 = await list('?per_page=2&page=3')
    expect(p3.body.data.map((e: any) => e.id)).toEqual(ids.slice(4))
    expect(p3.body.meta.pagination).toEqual({ current_page: 3, last_page: 3, per_page: 2, total: 5, from: 5, to: 5, has_more_pages: false })
    const past = await list('?per_page=2&page=4')
    expect(past.status).toBe(200)
    expect(past.body.data).toEqual([])
    expect(past.body.meta.pagination).toEqual({ current_page: 4, last_page: 3, per_page: 2, total: 5, from: null, to: null, has_more_pages: false })
    const all = await list('?per_page=100')
    expect(all.body.data.map((e: any) => e.id)).toEqual(ids)
  })

  test('type filter', async () => {
    const text = await addText(t, alice, 'words')
    const image = await addImage(t, alice)
    const texts = await list('?type=text')
    expect(texts.body.data.map((e: any) => e.id)).toEqual([text.id])
    expect(texts.body.meta.pagination.total).toBe(1)
    const images = await list('?type=image')
    expect(images.body.data.map((e: any) => e.id)).toEqual([image.id])
    expect((await list('?type=')).body.data).toHaveLength(2) // empty counts as absent
  })

  test('query validation messages', async () => {
    expectInvalid(await list('?type=video'), { type: 'The selected type is invalid.' })
    expectInvalid(await list('?type=TEXT'), { type: 'The selected type is invalid.' })
    expectInvalid(await list('?page=0'), { page: 'The page field must be at least 1.' })
    expectInvalid(await list('?page=abc'), { page: 'The page field must be an integer.' })
    expectInvalid(await list('?per_page=0'), { per_page: 'The per page field must be between 1 and 100.' })
    expectInvalid(await list('?per_page=101'), { per_page: 'The per page field must be between 1 and 100.' })
    expectInvalid(await list('?per_page=1.5'), { per_page: 'The per page field must be an integer.' })
    expectInvalid(await list('?page=-1&per_page=x&type=file'), {
      page: 'The page field must be an integer.',
      per_page: 'The per page field must be an integer.',
      type: 'The selected type is invalid.',
    })
  })

  test('repeated query parameters: the last value wins', async () => {
    await addText(t, alice, 'words')
    const r = await list('?type=image&type=text&per_page=500&per_page=10')
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(1)
    expect(r.body.meta.pagination.per_page).toBe(10)
  })

  test('lists only the caller\'s own entries', async () => {
    const bob = await createUser(t)
    await addText(t, alice, 'mine')
    await addImage(t, alice)
    const bobs = await addText(t, bob, 'his')
    const r = await list('', bob)
    expect(r.body.data.map((e: any) => e.id)).toEqual([bobs.id])
    expect(r.body.meta.pagination.total).toBe(1)
    expect((await list()).body.meta.pagination.total).toBe(2)
  })

  test('401 without a valid token', async () => {
    expectUnauthenticated(await t.request('GET', '/api/v1/clipboard'))
    expectUnauthenticated(await t.request('GET', '/api/v1/clipboard', { token: `${alice.tokenId}|${'x'.repeat(40)}` }))
  })
})
