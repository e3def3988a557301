import { beforeEach, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { gif, jpeg, png, webpExtended } from './images'
import { addImage, addText, expectNotFound, expectUnauthenticated } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const download = (id: number | string, user: TestUser | null = alice) =>
  t.request('GET', `/api/v1/clipboard/${id}/image`, { token: user?.token })

describe('GET /v1/clipboard/{id}/image', () => {
  for (const [bytes, mime, ext] of [[png(3, 2), 'image/png', 'png'], [jpeg(), 'image/jpeg', 'jpg'], [gif(), 'image/gif', 'gif'], [webpExtended(), 'image/webp', 'webp']] as const) {
    test(`returns the exact ${ext} bytes with its headers`, async () => {
      const entry = await addImage(t, alice, bytes)
      const r = await download(entry.id)
      expect(r.status).toBe(200)
      expect(new Uint8Array(await r.raw.arrayBuffer())).toEqual(bytes)
      expect(r.headers.get('content-type')).toBe(mime)
      expect(r.headers.get('content-length')).toBe(String(bytes.length))
      expect(r.headers.get('content-disposition')).toBe(`inline; filename="clipboard-${entry.id}.${ext}"`)
      expect(r.headers.get('cache-control')).toBe('private')
      expect(r.headers.get('x-content-type-options')).toBe('nosniff')
      expect(r.headers.get('access-control-allow-origin')).toBe('*')
    })
  }

  test('HEAD answers the headers without the body', async () => {
    const entry = await addImage(t, alice, png())
    const r = await t.request('HEAD', `/api/v1/clipboard/${entry.id}/image`, { token: alice.token })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/png')
    expect(r.body).toBeNull()
  })

  test('a text entry has no image', async () => {
    const entry = await addText(t, alice, 'words')
    expectNotFound(await download(entry.id), 'No image found.')
  })

  test('a file missing on disk → No image found.', async () => {
    const entry = await addImage(t, alice)
    rmSync(join(t.dataDir, 'files', 'user', entry.file_path))
    expectNotFound(await download(entry.id), 'No image found.')
  })

  test('unknown, malformed and other users\' ids → 404', async () => {
    const entry = await addImage(t, alice)
    const bob = await createUser(t)
    expectNotFound(await download(entry.id, bob))
    expectNotFound(await download(entry.id + 1000))
    for (const id of ['abc', '0', '-1', '01', '1.5', '99999999999999999']) expectNotFound(await download(id))
  })

  test('401 without a token', async () => {
    const entry = await addImage(t, alice)
    expectUnauthenticated(await download(entry.id, null))
  })
})
