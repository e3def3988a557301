import { beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { importJobs, importUndo } from '../../src/features/import/schema'
import { uploadPath } from '../../src/features/import/paths'
import { runNextImportJob } from '../../src/features/import/run-job'
import { exportAll, fillAccount, importStatus, postImport, rezip, text } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
let archive: Uint8Array

beforeEach(async () => {
  alice = await createUser(t)
  await fillAccount(t, alice)
  archive = await exportAll(t, alice)
  bob = await createUser(t)
})

const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(new TextDecoder().decode(files[name]))
const withData = (edit: (data: any) => void) => rezip(archive, (files, top) => {
  const doc = json(files, `${top}data.json`)
  edit(doc.data)
  files[`${top}data.json`] = text(JSON.stringify(doc, null, 2))
})

async function expectRefused(bytes: Uint8Array, message: string | RegExp) {
  const r = await postImport(t, bob, bytes)
  expect(r.status).toBe(422)
  if (typeof message === 'string') expect(r.body.message).toBe(message)
  else expect(r.body.message).toMatch(message)
  expect(t.deps.db.select().from(importJobs).all()).toEqual([])
}

describe('hostile archives are refused at the first limit they break, and the refusal is counted', () => {
  test('data.json or a CSV larger than its manifest\'s counts can need is refused from its declared size', async () => {
    // a few records, padded to 63 MiB: compresses to almost nothing
    await expectRefused(rezip(archive, (files, top) => {
      files[`${top}data.json`] = Buffer.concat([files[`${top}data.json`]!, Buffer.alloc(63 * 1048576, 0x20)])
    }), /^The archive entry "data\.json" is larger than the records its manifest counts can be \([\d.]+ (KiB|MiB)\)\.$/)
    await expectRefused(rezip(archive, (files, top) => {
      files[`${top}clipboard.csv`] = text(`ID,Type,Content,File,MIME Type,Size Bytes,Created At\r\n1,text,${'x'.repeat(31 * 1048576)},,,,\r\n`)
    }), /^The archive entry "clipboard\.csv" is larger than the records its manifest counts can be/)
    await expectRefused(rezip(archive, (files, top) => { files[`${top}notes/Other.md`] = text('a second note') }),
      'The archive holds more note files than its manifest counts notes.')
  })

  test('a field longer than any value the API accepts is refused as it is read', async () => {
    // within the size the counts allow, but one value is longer than the longest text daybook takes
    const long = 'y'.repeat(12 * 65535 + 1)
    await expectRefused(withData((d) => { d.clipboard[0].content = long }), 'data.json holds a value longer than any value daybook accepts.')
    await expectRefused(withData((d) => { d.quotes[0][long.slice(0, 10)] = long }), 'data.json holds a value longer than any value daybook accepts.')
    // many small fields make one record larger than any record the export writes
    await expectRefused(withData((d) => { for (let i = 0; i < 100_000; i++) d.quotes[0][`k${i}`] = i }), 'data.json holds a record larger than any record daybook writes.')
    // a number hidden between the records
    await expectRefused(rezip(archive, (files, top) => {
      const source = new TextDecoder().decode(files[`${top}data.json`])
      files[`${top}data.json`] = text(source.replace('"format_version": 1', `"format_version": 1${'0'.repeat(70_000)}`))
    }), 'data.json holds more between its records than an export writes.')
    await expectRefused(rezip(archive, (files, top) => {
      files[`${top}clipboard.csv`] = text(`ID,Type,Content,File,MIME Type,Size Bytes,Created At\r\n1,text,"${'z'.repeat(4 * 65535 + 1)}",,,,\r\n`)
    }), 'clipboard.csv is not a valid CSV file: a field in row 2 is longer than any value daybook accepts.')
  })

  test('a timestamp the job cannot write (before 1970) is refused by the request', async () => {
    await expectRefused(withData((d) => { d.quotes[0].created_at = '1969-12-31T23:59:59.000Z' }),
      'Invalid value in data.json, quotes 1: The created at field must not be before 1970.')
    await expectRefused(withData((d) => { d.clipboard[0].updated_at = '1900-01-01T00:00:00.000Z' }),
      'Invalid value in data.json, clipboard 1: The updated at field must not be before 1970.')
  })

  test('every upload counts against the limit of 10 an hour, refused or not', async () => {
    for (let i = 1; i <= 10; i++) {
      const r = await postImport(t, bob, text('not a zip'))
      expect(r.status).toBe(422)
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(10 - i))
    }
    const limited = await postImport(t, bob, archive)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(t.deps.db.select().from(importJobs).all()).toEqual([])
    // another person is not limited by it; an hour later bob may again
    expect((await postImport(t, alice, text('not a zip'))).status).toBe(422)
    t.clock.advance(3600_000)
    expect((await postImport(t, bob, archive)).status).toBe(201)
  })
})

describe('a job that fails leaves the account as it was', () => {
  test('rows it wrote are deleted, replaced values put back, its files removed, and the reason shown', async () => {
    expect((await t.request('POST', '/api/v1/check-in', { token: bob.token, body: { date: '2026-06-02', mood: 5 } })).status).toBeLessThan(300)
    const r = await postImport(t, bob, archive, 'replace')
    expect(r.status).toBe(201)
    // The stored upload is no longer the archive the request checked: its last library is broken. The job
    // writes the check-ins, the clipboard (with its image file) and the libraries before it, then refuses.
    writeFileSync(uploadPath(t.dataDir, r.body.data.id), withData((d) => { d.feeds[0].url = 'ftp://nowhere' }))
    expect((await runNextImportJob(t.deps))?.status).toBe('failed')
    expect(await importStatus(t, bob)).toMatchObject({ status: 'failed', error: 'Invalid value in data.json, feeds 1: The url field must be a valid URL.' })
    const checkIns = (await t.request('GET', '/api/v1/check-in', { token: bob.token })).body.data
    expect(checkIns).toHaveLength(1)
    expect(checkIns[0]).toMatchObject({ date: '2026-06-02', mood: 5 })
    expect((await t.request('GET', '/api/v1/clipboard', { token: bob.token })).body.data).toEqual([])
    expect((await t.request('GET', '/api/v1/libraries/quotes', { token: bob.token })).body.data).toEqual([])
    const folder = `${t.dataDir}/files/user/${bob.id}/clipboard`
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([])
    expect(t.deps.db.select().from(importUndo).all()).toEqual([])
  })
})
