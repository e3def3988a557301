/**
 * A backup started through the admin API with BACKUP_S3_URL set lands in the S3-compatible store as well
 * (a real s3rver on loopback, test/helpers/s3.ts), the list names both places, and a store that refuses the
 * upload keeps the local backup and records why on the run.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createTestApp } from '../helpers/app'
import { startS3, type TestS3 } from '../helpers/s3'
import { backupsSettled } from '../../src/features/backups/background'
import { adminAndUser } from './helpers'

let s3: TestS3
beforeAll(async () => { s3 = await startS3() })
afterAll(async () => { await s3.close() })

const BASE = '/api/v1/admin/backups'

test('the backup is uploaded and listed as local and offsite', async () => {
  const t = createTestApp({ BACKUP_S3_URL: s3.url('daybook') })
  try {
    const { admin } = await adminAndUser(t)
    expect((await t.request('POST', BASE, { token: admin.token })).status).toBe(202)
    await backupsSettled(t.deps)
    const list = await t.request('GET', BASE, { token: admin.token })
    expect(list.body.data.backups).toEqual([expect.objectContaining({ name: 'daybook-backup-20260624T100000Z.zip', locations: ['local', 'offsite'] })])
    const stored = await s3.client.file('daybook/daybook-backup-20260624T100000Z.zip').arrayBuffer()
    expect(new Uint8Array(stored)).toEqual(new Uint8Array(await Bun.file(`${t.config.backupDir}/daybook-backup-20260624T100000Z.zip`).arrayBuffer()))
  } finally {
    t.close()
  }
})

test('a refused upload keeps the local backup and records the reason', async () => {
  const t = createTestApp({ BACKUP_S3_URL: s3.url('daybook', { secret: 'wrong-secret' }) })
  try {
    const { admin } = await adminAndUser(t)
    const started = await t.request('POST', BASE, { token: admin.token })
    await backupsSettled(t.deps)
    const run = await t.request('GET', `${BASE}/runs/${started.body.data.id}`, { token: admin.token })
    expect(run.body.data.file).toBe('daybook-backup-20260624T100000Z.zip')
    expect(run.body.data.error).toEqual(expect.stringContaining('off-site'))
    expect(run.body.data.error).not.toContain('wrong-secret')
    expect(await Bun.file(`${t.config.backupDir}/daybook-backup-20260624T100000Z.zip`).exists()).toBe(true)
  } finally {
    t.close()
  }
})
