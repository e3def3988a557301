/**
 * A clipboard image file replaced by a symlink inside the files folder (to the database) is never read: the
 * image download answers 404 and an export leaves the image out instead of copying what the link points to.
 */
import { beforeEach, expect, test } from 'bun:test'
import { rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { fetchArchive, runJob, startExport } from '../export/helpers'
import { png } from './images'
import { addImage } from './helpers'

const t = useTestApp()
let alice: TestUser
let entry: { id: number; file_path: string }
beforeEach(async () => {
  alice = await createUser(t)
  entry = await addImage(t, alice, png())
  const file = join(t.dataDir, 'files', 'user', entry.file_path)
  rmSync(file)
  symlinkSync(t.config.databasePath, file)
})

test('the image download answers 404 for a planted symlink', async () => {
  const r = await t.request('GET', `/api/v1/clipboard/${entry.id}/image`, { token: alice.token })
  expect([r.status, r.body.message]).toEqual([404, 'No image found.'])
})

test('an export leaves the linked image out', async () => {
  const id = await startExport(t, alice, ['clipboard'])
  await runJob(t)
  const archive = await fetchArchive(t, alice, id)
  expect(archive.names.filter((name) => name.includes(`clipboard/${entry.id}.`))).toEqual([])
  const database = new Uint8Array(await Bun.file(t.config.databasePath).arrayBuffer()).subarray(0, 16)
  for (const data of Object.values(archive.files)) expect(Buffer.from(data).includes(Buffer.from(database))).toBe(false)
})
