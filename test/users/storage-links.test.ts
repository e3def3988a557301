/**
 * GET /storage/user/* serves regular files inside files/user and nothing else (docs/api/conventions.md §13): a symlink
 * planted in the folder — to the database, to another image, as a directory leading anywhere — or a special
 * file answers 404 like a missing file, without reading what it points to.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { randomHex } from '../../src/lib/crypto'
import { form, png } from './images'

let t: TestApp
let u: TestUser
let outside: string
beforeEach(async () => {
  t = createTestApp()
  u = await createUser(t)
  outside = mkdtempSync(join(tmpdir(), 'daybook-outside-'))
})
afterEach(() => {
  t.close()
  rmSync(outside, { recursive: true, force: true })
})

const userDir = (userId = u.id) => join(t.dataDir, 'files', 'user', userId)
const imageName = () => `${randomHex(16)}.png`

/** Uploads a real profile image; returns its stored path below files/user. */
async function uploadProfileImage(): Promise<string> {
  const r = await t.request('POST', '/api/v1/users/me/profile-image', { token: u.token, body: form({ image: { bytes: png() } }) })
  expect(r.status).toBe(200)
  return r.body.data.profile_image_path
}

async function expectNotFound(path: string) {
  const r = await t.request('GET', `/storage/user/${path}`)
  expect([path, r.status, r.headers.get('content-type')]).toEqual([path, 404, 'application/json; charset=utf-8'])
  expect(r.body.code).toBe('not_found')
}

describe('GET /storage/user/* refuses what is not a regular file inside the folder', () => {
  test('a file symlink to the database', async () => {
    await uploadProfileImage()
    const name = imageName()
    symlinkSync(t.config.databasePath, join(userDir(), 'profile', name))
    await expectNotFound(`${u.id}/profile/${name}`)
  })

  test('a file symlink to another stored image', async () => {
    const stored = await uploadProfileImage()
    mkdirSync(join(userDir(), 'clipboard'))
    const name = imageName()
    symlinkSync(join(t.dataDir, 'files', 'user', stored), join(userDir(), 'clipboard', name))
    await expectNotFound(`${u.id}/clipboard/${name}`)
  })

  test('a symlinked kind folder leading outside (profile -> elsewhere)', async () => {
    await uploadProfileImage()
    const name = imageName()
    writeFileSync(join(outside, name), png())
    rmSync(join(userDir(), 'profile'), { recursive: true })
    symlinkSync(outside, join(userDir(), 'profile'))
    await expectNotFound(`${u.id}/profile/${name}`)
  })

  test('a symlinked kind folder that stays inside (clipboard -> profile)', async () => {
    const stored = await uploadProfileImage()
    symlinkSync(join(userDir(), 'profile'), join(userDir(), 'clipboard'))
    await expectNotFound(stored.replace('/profile/', '/clipboard/'))
  })

  test('a symlinked user folder', async () => {
    const name = imageName()
    mkdirSync(join(outside, 'profile'))
    writeFileSync(join(outside, 'profile', name), png())
    const otherId = crypto.randomUUID()
    symlinkSync(outside, userDir(otherId))
    await expectNotFound(`${otherId}/profile/${name}`)
  })

  test('a FIFO or a directory under an image name', async () => {
    await uploadProfileImage()
    const fifo = imageName()
    expect(Bun.spawnSync(['mkfifo', join(userDir(), 'profile', fifo)]).exitCode).toBe(0)
    await expectNotFound(`${u.id}/profile/${fifo}`)
    const dir = imageName()
    mkdirSync(join(userDir(), 'profile', dir))
    await expectNotFound(`${u.id}/profile/${dir}`)
  }, 5_000)
})

describe('GET /storage/user/* still serves stored images', () => {
  test('also when the data folder itself is reached through a symlink', async () => {
    t.close()
    const link = join(outside, 'data')
    symlinkSync(mkdtempSync(join(outside, 'real-')), link)
    t = createTestApp({ DATA_DIR: link }, link)
    u = await createUser(t)
    const stored = await uploadProfileImage()
    const r = await t.request('GET', `/storage/user/${stored}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await r.raw.arrayBuffer())).toEqual(png())
  })
})
