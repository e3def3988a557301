import { beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { form, jpeg, padded, png } from './images'
import { detectImage } from '../../src/lib/images'

const t = useTestApp()
let u: TestUser
beforeEach(async () => {
  u = await createUser(t)
})

const upload = (body: FormData | string, token = u.token, headers?: Record<string, string>) =>
  t.request('POST', '/api/v1/users/me/profile-image', { token, body, headers })
const profileDir = () => join(t.dataDir, 'files', 'user', u.id, 'profile')
const pathFromUrl = (url: string) => new URL(url).pathname

describe('the test images are real', () => {
  test('png() and jpeg() are sniffed with their sizes', () => {
    expect(detectImage(png(2, 1))).toEqual({ mime: 'image/png', ext: 'png', width: 2, height: 1 })
    expect(detectImage(jpeg(3, 2))).toEqual({ mime: 'image/jpeg', ext: 'jpg', width: 3, height: 2 })
  })
})

describe('POST /api/v1/users/me/profile-image', () => {
  test('a PNG is stored unchanged, returned, shown in users/me and served publicly', async () => {
    const bytes = png(4, 4)
    const r = await upload(form({ image: { bytes, name: 'me.png', type: 'image/png' } }))
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Profile image updated successfully.')
    const { profile_image_path: path, profile_image_url: url } = r.body.data
    expect(path).toMatch(new RegExp(`^${u.id}/profile/[0-9a-f]{32}\\.png$`))
    expect(url).toBe(`http://daybook.test/storage/user/${path}`)
    const me = await t.request('GET', '/api/v1/users/me', { token: u.token })
    expect(me.body.data.profile).toEqual({ profile_image_path: path, profile_image_url: url })

    const file = await t.request('GET', pathFromUrl(url))
    expect(file.status).toBe(200)
    expect(new Uint8Array(await file.raw.arrayBuffer())).toEqual(bytes)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(file.headers.get('content-length')).toBe(String(bytes.length))
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(file.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('the type comes from the bytes: a JPEG declared as PNG is stored as .jpg', async () => {
    const bytes = jpeg()
    const r = await upload(form({ image: { bytes, name: 'photo.png', type: 'image/png' } }))
    expect(r.status).toBe(200)
    expect(r.body.data.profile_image_path).toMatch(/\.jpg$/)
    const file = await t.request('GET', pathFromUrl(r.body.data.profile_image_url))
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    expect(new Uint8Array(await file.raw.arrayBuffer())).toEqual(bytes)
  })

  test('a PNG declared as text with a .txt name is still a PNG', async () => {
    const r = await upload(form({ image: { bytes: png(), name: 'notes.txt', type: 'text/plain' } }))
    expect(r.status).toBe(200)
    expect(r.body.data.profile_image_path).toMatch(/\.png$/)
  })

  test('the web client part name profile_image; image wins when both are sent', async () => {
    const r = await upload(form({ profile_image: { bytes: jpeg() } }))
    expect(r.status).toBe(200)
    expect(r.body.data.profile_image_path).toMatch(/\.jpg$/)
    const both = await upload(form({ profile_image: { bytes: jpeg() }, image: { bytes: png() } }))
    expect(both.body.data.profile_image_path).toMatch(/\.png$/)
    const wrong = await upload(form({ profile_image: { bytes: png() }, image: { bytes: 'not an image' } }))
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ image: ['The image field must be an image.'] })
  })

  test('the previous file is deleted after a new upload', async () => {
    const first = await upload(form({ image: { bytes: png() } }))
    const firstPath = first.body.data.profile_image_path
    expect(existsSync(join(t.dataDir, 'files', 'user', firstPath))).toBe(true)
    const second = await upload(form({ image: { bytes: jpeg() } }))
    expect(second.status).toBe(200)
    expect(existsSync(join(t.dataDir, 'files', 'user', firstPath))).toBe(false)
    expect(readdirSync(profileDir())).toEqual([second.body.data.profile_image_path.split('/').pop()])
    expect((await t.request('GET', pathFromUrl(first.body.data.profile_image_url))).status).toBe(404)
  })

  test('required: no part, an empty file, or a non-multipart body', async () => {
    for (const body of [form({}), form({ image: { bytes: new Uint8Array() } }), JSON.stringify({ image: 'x' })]) {
      const r = await upload(body, u.token, typeof body === 'string' ? { 'content-type': 'application/json' } : undefined)
      expect(r.status).toBe(422)
      expect(r.body.errors).toEqual({ image: ['The image field is required.'] })
    }
    const textField = new FormData()
    textField.append('image', 'just text')
    expect((await upload(textField)).body.errors).toEqual({ image: ['The image field is required.'] })
  })

  test('a text file named .png is not an image; messages are keyed by the part sent', async () => {
    const r = await upload(form({ image: { bytes: 'hello, I am text', name: 'evil.png', type: 'image/png' } }))
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ image: ['The image field must be an image.'] })
    const alias = await upload(form({ profile_image: { bytes: 'hello', name: 'evil.png', type: 'image/png' } }))
    expect(alias.body.errors).toEqual({ profile_image: ['The profile image field must be an image.'] })
    // a PNG signature without a readable header is not an image either
    const truncated = await upload(form({ image: { bytes: png().subarray(0, 16) } }))
    expect(truncated.body.errors).toEqual({ image: ['The image field must be an image.'] })
    expect(existsSync(profileDir())).toBe(false)
  })

  test('2 MB is accepted, one byte more is refused', async () => {
    const max = await upload(form({ image: { bytes: padded(png(), 2_097_152) } }))
    expect(max.status).toBe(200)
    const over = await upload(form({ image: { bytes: padded(png(), 2_097_153) } }))
    expect(over.status).toBe(422)
    expect(over.body.errors).toEqual({ image: ['The image field must not be greater than 2048 kilobytes.'] })
    const overAlias = await upload(form({ profile_image: { bytes: padded(jpeg(), 2_097_153) } }))
    expect(overAlias.body.errors).toEqual({ profile_image: ['The profile image field must not be greater than 2048 kilobytes.'] })
    expect(readdirSync(profileDir())).toHaveLength(1)
  })

  test('401 without a token', async () => {
    const r = await upload(form({ image: { bytes: png() } }), '')
    expect(r.status).toBe(401)
  })
})

describe('GET /storage/user/*', () => {
  test('malformed paths and missing files are 404 JSON', async () => {
    const ok = await upload(form({ image: { bytes: png() } }))
    const path: string = ok.body.data.profile_image_path
    const name = path.split('/').pop()!
    const hex = name.slice(0, 32)
    const bad = [
      `/storage/user/${u.id}/profile/${'0'.repeat(32)}.png`, // well-formed, no such file
      `/storage/user/${u.id}/profile/${hex}.jpg`, // wrong extension
      `/storage/user/${u.id}/profile/${hex.toUpperCase()}.png`,
      `/storage/user/${u.id}/profile/${hex}.png.tmp`,
      `/storage/user/${u.id}/avatars/${name}`,
      `/storage/user/${u.id}/profile/${hex.slice(1)}.png`,
      `/storage/user/not-a-uuid/profile/${name}`,
      `/storage/user/${u.id}/profile`,
      `/storage/user/${u.id}/profile/..%2f..%2f..%2fdaybook.db`,
      '/storage/user/../../daybook.db',
      '/storage/user/',
      '/storage/exports/x.zip',
    ]
    for (const p of bad) {
      const r = await t.request('GET', p)
      expect([p, r.status]).toEqual([p, 404])
      expect(r.body.code).toBe('not_found')
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    }
    expect((await t.request('GET', `/storage/user/${path}`)).status).toBe(200)
  })

  test('needs no token and ignores a bad one; HEAD gives headers only', async () => {
    const ok = await upload(form({ image: { bytes: jpeg() } }))
    const url = `/storage/user/${ok.body.data.profile_image_path}`
    expect((await t.request('GET', url, { token: '1|' + 'x'.repeat(40) })).status).toBe(200)
    const head = await t.request('HEAD', url)
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('image/jpeg')
    expect(head.body).toBeNull()
  })
})
