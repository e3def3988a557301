import { beforeEach, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { png } from './images'
import { addImage, addText, expectNotFound, expectUnauthenticated } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const remove = (id: number | string, user: TestUser | null = alice) =>
  t.request('DELETE', `/api/v1/clipboard/${id}`, { token: user?.token })
const fileOf = (entry: any) => join(t.dataDir, 'files', 'user', entry.file_path)
const ids = async (user: TestUser) => (await t.request('GET', '/api/v1/clipboard', { token: user.token })).body.data.map((e: any) => e.id)
const publicPath = (entry: any) => new URL(entry.image_url).pathname

describe('DELETE /v1/clipboard/{id}', () => {
  test('deletes a text entry', async () => {
    const keep = await addText(t, alice, 'keep')
    const gone = await addText(t, alice, 'gone')
    const r = await remove(gone.id)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Clipboard entry deleted successfully.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    expect(await ids(alice)).toEqual([keep.id])
    expectNotFound(await remove(gone.id))
  })

  test('deletes an image entry and its file; the public URL then answers 404', async () => {
    const entry = await addImage(t, alice, png(2, 2))
    expect(existsSync(fileOf(entry))).toBe(true)
    expect((await t.request('GET', publicPath(entry))).status).toBe(200)
    expect((await remove(entry.id)).status).toBe(200)
    expect(existsSync(fileOf(entry))).toBe(false)
    expect(await ids(alice)).toEqual([])
    expectNotFound(await t.request('GET', `/api/v1/clipboard/${entry.id}/image`, { token: alice.token }))
    expect((await t.request('GET', publicPath(entry))).status).toBe(404)
  })

  test('an entry whose file is already gone is still deleted', async () => {
    const entry = await addImage(t, alice)
    await Bun.file(fileOf(entry)).delete()
    expect((await remove(entry.id)).status).toBe(200)
    expect(await ids(alice)).toEqual([])
  })

  test('another user\'s entry → 404, and nothing is deleted', async () => {
    const entry = await addImage(t, alice)
    const bob = await createUser(t)
    expectNotFound(await remove(entry.id, bob))
    expect(existsSync(fileOf(entry))).toBe(true)
    expect(await ids(alice)).toEqual([entry.id])
  })

  test('unknown or malformed id → 404', async () => {
    expectNotFound(await remove(12345))
    expectNotFound(await remove('abc'))
    expectNotFound(await remove('0'))
  })

  test('401 without a token', async () => {
    const entry = await addText(t, alice, 'x')
    expectUnauthenticated(await remove(entry.id, null))
    expect(await ids(alice)).toEqual([entry.id])
  })
})
