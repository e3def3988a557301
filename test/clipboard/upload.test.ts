import { beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { gif, jpeg, padTo, png, webpExtended, webpLossless, webpLossy, type Bytes } from './images'
import { expectInvalid, expectUnauthenticated, upload } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const clipboardDir = (user: TestUser) => join(t.dataDir, 'files', 'user', user.id, 'clipboard')
const storedFiles = (user: TestUser) => (existsSync(clipboardDir(user)) ? readdirSync(clipboardDir(user)) : [])

const ACCEPTED: [string, () => Bytes, string, string][] = [
  ['JPEG', () => jpeg(17, 9), 'image/jpeg', 'jpg'],
  ['PNG', () => png(13, 7), 'image/png', 'png'],
  ['GIF', () => gif(), 'image/gif', 'gif'],
  ['WebP VP8 (lossy)', webpLossy, 'image/webp', 'webp'],
  ['WebP VP8L (lossless)', () => webpLossless(3, 2), 'image/webp', 'webp'],
  ['WebP VP8X (extended)', () => webpExtended(4, 4), 'image/webp', 'webp'],
]

describe('POST /v1/clipboard/image', () => {
  for (const [name, build, mime, ext] of ACCEPTED) {
    test(`accepts ${name} by its bytes and stores them unchanged`, async () => {
      const bytes = build()
      // a misleading name and declared type: only the bytes count
      const r = await upload(t, alice, bytes, 'notes.txt', 'text/plain')
      expect(r.status).toBe(200)
      expect(r.body.message).toBe('Clipboard image saved successfully.')
      const entry = r.body.data
      expect(entry).toEqual({
        id: expect.any(Number), type: 'image', content: '', file_path: expect.any(String), image_url: `http://daybook.test/storage/user/${entry.file_path}`,
        mime_type: mime, size_bytes: bytes.length, created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:00:00.000Z',
      })
      expect(entry.file_path).toMatch(new RegExp(`^${alice.id}/clipboard/[0-9a-f]{32}\\.${ext}$`))
      const onDisk = readFileSync(join(t.dataDir, 'files', 'user', entry.file_path))
      expect(new Uint8Array(onDisk)).toEqual(bytes)
      expect(storedFiles(alice)).toHaveLength(1) // no temp file left behind
    })
  }

  test('each upload gets its own random file name', async () => {
    const a = (await upload(t, alice, png())).body.data
    const b = (await upload(t, alice, png())).body.data
    expect(a.file_path).not.toBe(b.file_path)
    expect(storedFiles(alice).sort()).toEqual([a.file_path.split('/')[2], b.file_path.split('/')[2]].sort())
  })

  test('required: no part, an empty file, a plain form field, a non-multipart body', async () => {
    const required = { image: 'The image field is required.' }
    const none = new FormData()
    none.append('other', 'x')
    expectInvalid(await t.request('POST', '/api/v1/clipboard/image', { token: alice.token, body: none }), required)
    expectInvalid(await upload(t, alice, new Uint8Array()), required)
    const field = new FormData()
    field.append('image', 'iVBORw0KGgo=')
    expectInvalid(await t.request('POST', '/api/v1/clipboard/image', { token: alice.token, body: field }), required)
    expectInvalid(await t.request('POST', '/api/v1/clipboard/image', { token: alice.token, body: { image: 'x' } }), required)
    expectInvalid(await t.request('POST', '/api/v1/clipboard/image', { token: alice.token }), required)
    expect(storedFiles(alice)).toEqual([])
  })

  test('a renamed text file is not an image', async () => {
    const text = new TextEncoder().encode('just some text pretending to be a picture\n')
    expectInvalid(await upload(t, alice, text, 'photo.png', 'image/png'), { image: 'The image field must be an image.' })
  })

  test('unreadable headers are not images: truncated, zero-sized, unknown WebP chunk', async () => {
    const notImage = { image: 'The image field must be an image.' }
    expectInvalid(await upload(t, alice, png().slice(0, 20)), notImage)
    expectInvalid(await upload(t, alice, png(0, 5)), notImage)
    expectInvalid(await upload(t, alice, gif(0, 0)), notImage)
    expectInvalid(await upload(t, alice, jpeg().slice(0, 40)), notImage) // cut before the SOF marker
    const webp = webpLossy()
    webp.set([0x41, 0x4c, 0x50, 0x48], 12) // chunk ALPH instead of VP8
    expectInvalid(await upload(t, alice, webp), notImage)
    expect(storedFiles(alice)).toEqual([])
  })

  test('at most 5,242,880 bytes', async () => {
    expect((await upload(t, alice, padTo(png(), 5_242_880))).status).toBe(200)
    expectInvalid(await upload(t, alice, padTo(png(), 5_242_881)), { image: 'The image field must not be greater than 5120 kilobytes.' })
    expect(storedFiles(alice)).toHaveLength(1)
  })

  test('width and height at most 4096', async () => {
    const dims = { image: 'The image field has invalid image dimensions.' }
    expectInvalid(await upload(t, alice, png(5000, 10)), dims)
    expectInvalid(await upload(t, alice, jpeg(8, 4097)), dims)
    expectInvalid(await upload(t, alice, gif(4097, 1)), dims)
    expectInvalid(await upload(t, alice, webpExtended(4097, 1)), dims)
    expect((await upload(t, alice, png(4096, 4096))).status).toBe(200)
  })

  test('rules apply in order: type before size, size before dimensions', async () => {
    const bigText = padTo(new TextEncoder().encode('hello'), 6_000_000)
    expectInvalid(await upload(t, alice, bigText), { image: 'The image field must be an image.' })
    expectInvalid(await upload(t, alice, padTo(png(5000, 10), 6_000_000)), { image: 'The image field must not be greater than 5120 kilobytes.' })
  })

  test('other parts are ignored', async () => {
    const form = new FormData()
    form.append('content', 'ignored')
    form.append('image', new File([png()], 'a.png'))
    const r = await t.request('POST', '/api/v1/clipboard/image', { token: alice.token, body: form })
    expect(r.status).toBe(200)
    expect(r.body.data.content).toBe('')
  })

  test('a body over the 16 MiB multipart cap → 413', async () => {
    const r = await upload(t, alice, padTo(png(), 16_777_217))
    expect(r.status).toBe(413)
    expect(r.body.code).toBe('payload_too_large')
  })

  test('401 without a token, before the body is read', async () => {
    const form = new FormData()
    form.append('image', new File([png()], 'a.png'))
    expectUnauthenticated(await t.request('POST', '/api/v1/clipboard/image', { body: form }))
    expect(storedFiles(alice)).toEqual([])
  })
})
