import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectInvalid, expectUnauthenticated } from './helpers'
import { createTextEntry } from '../../src/features/clipboard/text-entry'
import { presentClipboardEntry } from '../../src/features/clipboard/present'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const post = (body: unknown, headers?: Record<string, string>) =>
  t.request('POST', '/api/v1/clipboard', { token: alice.token, body, headers })

describe('POST /v1/clipboard', () => {
  test('creates a text entry', async () => {
    const r = await post({ content: 'hello world', type: 'image', file_path: 'x' })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: true, message: 'Clipboard created successfully.', timestamp: '2026-06-24T10:00:00.000Z',
      data: {
        id: expect.any(Number), type: 'text', content: 'hello world', file_path: null, image_url: null, mime_type: null,
        size_bytes: null, created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:00:00.000Z',
      },
    })
    const listed = await t.request('GET', '/api/v1/clipboard', { token: alice.token })
    expect(listed.body.data).toEqual([r.body.data])
  })

  test('content is stored exactly as sent, white space included', async () => {
    const content = '  indented\n\tline with trailing space  \n'
    const r = await post({ content })
    expect(r.body.data.content).toBe(content)
    const listed = await t.request('GET', '/api/v1/clipboard', { token: alice.token })
    expect(listed.body.data[0].content).toBe(content)
  })

  test('required: absent, null, empty or only white space', async () => {
    for (const body of [{}, { content: null }, { content: '' }, { content: '   ' }, { content: '\n\t \u00a0' }]) {
      expectInvalid(await post(body), { content: 'The content field is required.' })
    }
    const empty = await t.request('POST', '/api/v1/clipboard', { token: alice.token })
    expectInvalid(empty, { content: 'The content field is required.' })
  })

  test('must be a string', async () => {
    for (const content of [42, true, ['a'], { a: 1 }]) {
      expectInvalid(await post({ content }), { content: 'The content field must be a string.' })
    }
  })

  test('at most 65535 characters, counted in code points', async () => {
    expect((await post({ content: 'a'.repeat(65535) })).status).toBe(200)
    expectInvalid(await post({ content: 'a'.repeat(65536) }), { content: 'The content field must not be greater than 65535 characters.' })
    // 65535 emoji are 131070 UTF-16 units but 65535 characters
    const emoji = '😀'.repeat(65535)
    const r = await post({ content: emoji })
    expect(r.status).toBe(200)
    expect(r.body.data.content).toBe(emoji)
    expectInvalid(await post({ content: emoji + '😀' }), { content: 'The content field must not be greater than 65535 characters.' })
  })

  test('malformed JSON → 400, wrong content type → 415', async () => {
    const bad = await post('{"content": ', { 'content-type': 'application/json' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('malformed_json')
    const array = await post('["hello"]', { 'content-type': 'application/json' })
    expect(array.status).toBe(400)
    const xml = await post('<content>hi</content>', { 'content-type': 'application/xml' })
    expect(xml.status).toBe(415)
    expect(xml.body.code).toBe('unsupported_media_type')
  })

  test('401 comes before body parsing and validation', async () => {
    expectUnauthenticated(await t.request('POST', '/api/v1/clipboard', { body: { content: 'hi' } }))
    expectUnauthenticated(await t.request('POST', '/api/v1/clipboard', { body: '{not json', headers: { 'content-type': 'application/json' } }))
  })

  test('createTextEntry (quick add, chat bot) stores the text as given; the presenter matches the API', async () => {
    const row = await createTextEntry(t.deps, alice.id, '  from the bot ')
    const listed = await t.request('GET', '/api/v1/clipboard', { token: alice.token })
    expect(listed.body.data).toEqual([presentClipboardEntry(t.deps, row)])
    expect(listed.body.data[0].content).toBe('  from the bot ')
  })
})
