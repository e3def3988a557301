/** Off-site copies of backups (BACKUP_S3_URL) against a real S3-compatible server on loopback (test/helpers/s3.ts). */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig } from '../../src/config'
import { createLogger } from '../../src/lib/logger'
import { isBackupName, listOffsite, OffsiteError, parseS3Url, pruneOffsite, uploadBackup } from '../../src/features/backups/offsite'
import { closedPort, startS3, startSilentServer, type TestS3 } from '../helpers/s3'

let s3: TestS3
let dir: string
beforeAll(async () => {
  s3 = await startS3()
  dir = mkdtempSync(join(tmpdir(), 'offsite-'))
})
afterAll(async () => {
  await s3.close()
})

function deps(url: string | undefined) {
  const lines: string[] = []
  const config = loadConfig(url === undefined ? {} : { BACKUP_S3_URL: url }, dir)
  const logger = createLogger('debug', 'json', (l) => lines.push(l))
  return { deps: { config, logger }, lines, events: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) }
}

let serial = 0
/** a backup file with a name in creation order and random content */
function backupFile(size = 1024, name?: string): { path: string; name: string; bytes: Buffer } {
  serial++
  const n = name ?? `daybook-backup-20260101T${String(serial).padStart(6, '0')}Z.zip`
  const bytes = randomBytes(size)
  const path = join(dir, n)
  writeFileSync(path, bytes, { mode: 0o600 })
  return { path, name: n, bytes }
}

async function keys(prefix: string): Promise<string[]> {
  const res = await s3.client.list({ prefix })
  return (res.contents ?? []).map((o) => o.key).sort()
}

describe('BACKUP_S3_URL', () => {
  test('parses endpoint, bucket, prefix, credentials and options', () => {
    const t = parseS3Url('s3://AKIA:se%2Fcr%2Bet@store.example:9000/my-bucket/daybook/prod?region=eu-central-1&timeout=5')
    expect(t).toEqual({
      endpoint: 'https://store.example:9000', bucket: 'my-bucket', prefix: 'daybook/prod', region: 'eu-central-1',
      accessKeyId: 'AKIA', secretAccessKey: 'se/cr+et', virtualHostedStyle: false, timeoutMs: 5000,
      where: 's3://store.example:9000/my-bucket/daybook/prod',
    })
    const v = parseS3Url('s3://k:s@s3.amazonaws.com/bkt?style=virtual&secure=false')
    expect(v.endpoint).toBe('http://bkt.s3.amazonaws.com')
    expect(v.prefix).toBe('')
    expect(v.region).toBe('us-east-1')
    expect(v.timeoutMs).toBe(60_000)
    expect(loadConfig({}).backupS3).toBeUndefined()
  })

  test('a bad value stops start-up naming the variable, never repeating the secret', () => {
    for (const value of [
      'http://k:topsecret@host/bucket', 's3://host/bucket', 's3://k:topsecret@host', 's3://k:topsecret@host/B_ad',
      's3://k:topsecret@host/bucket/../x', 's3://k:topsecret@host/bucket?secure=maybe', 's3://k:topsecret@host/bucket?timeout=0',
      's3://k:topsecret@host/bucket?regoin=x', 's3://k:topsecret@host/bucket?style=dns', 'not a url topsecret',
    ]) {
      let error: unknown
      try { loadConfig({ BACKUP_S3_URL: value }) } catch (e) { error = e }
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as Error).message).toContain('BACKUP_S3_URL')
      expect((error as Error).message).not.toContain('topsecret')
    }
  })

  test('the command line exits with code 2 and one line naming it', () => {
    const r = Bun.spawnSync([process.execPath, join(import.meta.dir, '../../src/main.ts'), 'migrate'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, BACKUP_S3_URL: 's3://key:hunter2secret@host' },
    })
    expect(r.exitCode).toBe(2)
    const err = r.stderr.toString()
    expect(err).toContain('BACKUP_S3_URL')
    expect(err).not.toContain('hunter2secret')
    expect(r.stdout.toString()).not.toContain('hunter2secret')
  })
})

describe('off-site copy', () => {
  test('without BACKUP_S3_URL nothing is uploaded, listed or deleted', async () => {
    const { deps: d, lines } = deps(undefined)
    await uploadBackup(d, backupFile().path)
    expect(await listOffsite(d)).toEqual([])
    expect(await pruneOffsite(d, 1)).toEqual([])
    expect(lines).toEqual([])
  })

  test('an upload lands at <prefix>/<file name> with the same bytes, also when sent in parts', async () => {
    const { deps: d, events } = deps(s3.url('daybook/upload'))
    const small = backupFile(3000)
    // 12 MiB: more than Bun's 5 MiB part size, so a multipart upload
    const large = backupFile(12 * 1024 * 1024)
    await uploadBackup(d, small.path)
    await uploadBackup(d, large.path)
    expect(await keys('daybook/upload/')).toEqual([`daybook/upload/${small.name}`, `daybook/upload/${large.name}`])
    expect(Buffer.from(await s3.client.file(`daybook/upload/${small.name}`).arrayBuffer()).equals(small.bytes)).toBe(true)
    expect(Buffer.from(await s3.client.file(`daybook/upload/${large.name}`).arrayBuffer()).equals(large.bytes)).toBe(true)
    const copied = events().filter((e) => e.msg === 'backup: copied off-site')
    expect(copied.map((e) => [e.file, e.size, e.where])).toEqual([
      [small.name, 3000, `s3://127.0.0.1:${s3.port}/backups/daybook/upload`],
      [large.name, 12 * 1024 * 1024, `s3://127.0.0.1:${s3.port}/backups/daybook/upload`],
    ])

    // without a prefix the copy sits at the bucket's root
    const root = backupFile(10, 'daybook-backup-19990101T000000Z.zip')
    await uploadBackup(deps(s3.url()).deps, root.path)
    expect(await s3.client.exists(root.name)).toBe(true)
  })

  test('a file that is not a backup archive is refused', async () => {
    const { deps: d, events } = deps(s3.url('daybook/names'))
    const other = backupFile(10, 'notes.txt')
    await expect(uploadBackup(d, other.path)).rejects.toThrow(/not a backup archive name/)
    expect(await keys('daybook/names/')).toEqual([])
    expect(events().some((e) => e.level === 'error' && e.msg === 'backup: off-site upload failed')).toBe(true)
    expect(isBackupName('daybook-backup-20260101T030000Z.zip')).toBe(true)
    expect(isBackupName('daybook-backup-20260101T030000Z-2.zip')).toBe(true)
    expect(isBackupName('daybook-backup-../x.zip')).toBe(false)
    expect(isBackupName('daybook-backup-20260101T030000Z.zip.part')).toBe(false)
  })

  test('listing gives name, size and time, newest first, page after page, backups under the prefix only', async () => {
    const prefix = 'daybook/list'
    const put = (key: string, body: string) => s3.client.write(key, body)
    // 1,003 archives: more than the 1,000 keys of one ListObjectsV2 page
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')
    const names = Array.from({ length: 1003 }, (_, i) => `daybook-backup-${stamp(Date.UTC(2025, 0, 1) + i * 61_000)}.zip`)
    for (let i = 0; i < names.length; i += 50) await Promise.all(names.slice(i, i + 50).map((n) => put(`${prefix}/${n}`, n)))
    await put(`${prefix}/README.txt`, 'not a backup')
    await put(`${prefix}/nested/daybook-backup-20990101T000000Z.zip`, 'deeper prefix')
    await put(`daybook/listing-other/daybook-backup-20990101T000000Z.zip`, 'other prefix')
    const list = await listOffsite(deps(s3.url(prefix)).deps)
    expect(list.length).toBe(1003)
    expect(new Set(list.map((c) => c.name))).toEqual(new Set(names))
    const last = list.find((c) => c.name === names[1002])!
    expect(last.size).toBe(names[1002]!.length)
    expect(Math.abs(last.createdAt - Date.now())).toBeLessThan(10 * 60_000)
    // newest first by the creation time in the name, as local retention orders them
    expect(list.map((c) => c.name)).toEqual([...names].reverse())
  })

  test('retention keeps the newest BACKUP_KEEP copies and never touches other objects', async () => {
    const prefix = 'daybook/prune'
    const { deps: d, events } = deps(s3.url(prefix))
    const files = Array.from({ length: 5 }, () => backupFile(100))
    for (const f of files) await uploadBackup(d, f.path)
    await s3.client.write(`${prefix}/notes.txt`, 'mine')
    await s3.client.write(`${prefix}/daybook-backup-manual.tar`, 'not our naming')
    await s3.client.write(`${prefix}/sub/daybook-backup-20000101T000000Z.zip`, 'deeper prefix')
    await s3.client.write(`daybook/prune-sibling/daybook-backup-20000101T000000Z.zip`, 'another prefix')

    const deleted = await pruneOffsite(d, 2)
    expect([...deleted].sort()).toEqual(files.slice(0, 3).map((f) => f.name).sort())
    expect(await keys(`${prefix}/`)).toEqual([
      `${prefix}/${files[3]!.name}`, `${prefix}/${files[4]!.name}`,
      `${prefix}/daybook-backup-manual.tar`, `${prefix}/notes.txt`, `${prefix}/sub/daybook-backup-20000101T000000Z.zip`,
    ].sort())
    expect(await s3.client.exists('daybook/prune-sibling/daybook-backup-20000101T000000Z.zip')).toBe(true)
    expect(events().find((e) => e.msg === 'backup: deleted old off-site copies')?.deleted).toEqual(deleted)
    // nothing beyond keep: nothing deleted
    expect(await pruneOffsite(d, 2)).toEqual([])
    expect((await listOffsite(d)).map((c) => c.name).sort()).toEqual([files[3]!.name, files[4]!.name].sort())
    await expect(pruneOffsite(d, 0)).rejects.toThrow(OffsiteError)
  })

  test('a wrong secret is a logged failure, a rejected promise, and the secret is in neither', async () => {
    const secret = 'wr0ng-Secret/With+Chars'
    const { deps: d, lines, events } = deps(s3.url('daybook/auth', { secret }))
    const file = backupFile(100)
    const refusedBefore = s3.refused
    const failure = await uploadBackup(d, file.path).then(() => undefined, (e: unknown) => e)
    expect(failure).toBeInstanceOf(OffsiteError)
    expect((failure as Error).message).toContain('SignatureDoesNotMatch')
    expect((failure as Error).message).toContain(`s3://127.0.0.1:${s3.port}/backups/daybook/auth`)
    expect(s3.refused).toBeGreaterThan(refusedBefore)
    await expect(listOffsite(d)).rejects.toThrow(/SignatureDoesNotMatch/)
    await expect(pruneOffsite(d, 1)).rejects.toThrow(/SignatureDoesNotMatch/)
    const errors = events().filter((e) => e.level === 'error')
    expect(errors.map((e) => e.msg)).toEqual([
      'backup: off-site upload failed', 'backup: off-site listing failed', 'backup: off-site retention failed',
    ])
    expect(errors[0]!.reason).toContain('SignatureDoesNotMatch')
    expect(errors[0]!.file).toBe(file.name)
    for (const text of [...lines, (failure as Error).message, (failure as Error).stack ?? '']) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(encodeURIComponent(secret))
      expect(text).not.toContain('wr0ng-Secret')
    }
    expect(await keys('daybook/auth/')).toEqual([])
  })

  test('an endpoint with nothing listening fails without hanging', async () => {
    const port = await closedPort()
    const { deps: d, events } = deps(`s3://S3RVER:S3RVER@127.0.0.1:${port}/backups/x?secure=false&timeout=2`)
    await expect(uploadBackup(d, backupFile(100).path)).rejects.toThrow(OffsiteError)
    await expect(listOffsite(d)).rejects.toThrow(OffsiteError)
    expect(events().filter((e) => e.level === 'error').length).toBe(2)
  })

  test('an endpoint that never answers fails after the timeout', async () => {
    const silent = await startSilentServer()
    try {
      const { deps: d, events } = deps(`s3://S3RVER:S3RVER@127.0.0.1:${silent.port}/backups/x?secure=false&timeout=1`)
      await expect(uploadBackup(d, backupFile(100).path)).rejects.toThrow(/upload timed out after \d+ s/)
      await expect(listOffsite(d)).rejects.toThrow(/listing timed out after 1 s/)
      expect(events().filter((e) => e.level === 'error').map((e) => e.reason)).toEqual([
        expect.stringMatching(/timed out/), expect.stringMatching(/timed out/),
      ])
    } finally {
      await silent.close()
    }
  })
})
