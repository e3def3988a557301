import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { HOUR } from '../../src/lib/clock'
import { clipboardJobs } from '../../src/features/clipboard/jobs'
import { addImage, addText } from './helpers'

let t: TestApp
afterEach(() => t.close())

function retentionJob(app: TestApp) {
  const job = clipboardJobs(app.deps).find((j) => j.name === 'clipboard retention')
  if (!job) throw new Error('clipboard retention is not scheduled')
  return job
}

describe('clipboard retention', () => {
  test('off by default: no job is scheduled', () => {
    t = createTestApp()
    expect(clipboardJobs(t.deps)).toEqual([])
  })

  test('hourly at :10 when CLIPBOARD_RETENTION_HOURS > 0', () => {
    t = createTestApp({ CLIPBOARD_RETENTION_HOURS: '24' })
    expect(retentionJob(t).pattern).toBe('10 * * * *')
  })

  test('deletes entries older than N hours with their files, for every user', async () => {
    t = createTestApp({ CLIPBOARD_RETENTION_HOURS: '24' })
    const alice = await createUser(t)
    const bob = await createUser(t)
    const oldText = await addText(t, alice, 'old')
    const oldImage = await addImage(t, bob)
    t.clock.advance(2 * HOUR)
    const newer = await addText(t, alice, 'newer')
    const newerImage = await addImage(t, alice)
    const file = (e: any) => join(t.dataDir, 'files', 'user', e.file_path)
    const ids = async (u: typeof alice) => (await t.request('GET', '/api/v1/clipboard', { token: u.token })).body.data.map((e: any) => e.id)

    t.clock.advance(22 * HOUR) // the old entries are exactly 24 h old: kept
    expect(await retentionJob(t).run()).toEqual({ deleted: 0 })
    expect(await ids(alice)).toEqual([newerImage.id, newer.id, oldText.id])

    t.clock.advance(1) // now more than 24 h
    expect(await retentionJob(t).run()).toEqual({ deleted: 2 })
    expect(await ids(alice)).toEqual([newerImage.id, newer.id])
    expect(await ids(bob)).toEqual([])
    expect(existsSync(file(oldImage))).toBe(false)
    expect(existsSync(file(newerImage))).toBe(true)

    expect(await retentionJob(t).run()).toEqual({ deleted: 0 }) // idempotent
    t.clock.advance(2 * HOUR)
    expect(await retentionJob(t).run()).toEqual({ deleted: 2 })
    expect(await ids(alice)).toEqual([])
    expect(existsSync(file(newerImage))).toBe(false)
  })
})
