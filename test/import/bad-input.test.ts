import { beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { unzipSync, zipSync } from 'fflate'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { importJobs, importUndo } from '../../src/features/import/schema'
import { uploadPath } from '../../src/features/import/paths'
import { runNextImportJob } from '../../src/features/import/run-job'
import { IMPORT_LIMITS } from '../../src/features/import/limits'
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

async function expectRefused(bytes: Uint8Array | string, message: string | RegExp) {
  const r = await postImport(t, bob, bytes as Uint8Array)
  expect(r.status).toBe(422)
  expect(r.body.code).toBe('validation_failed')
  if (typeof message === 'string') expect(r.body.message).toBe(message)
  else expect(r.body.message).toMatch(message)
  expect(r.body.errors.file).toEqual([r.body.message])
  expect(r.headers.get('x-ratelimit-limit')).toBe('10')
  // nothing written: no job, no rows, no files
  expect(t.deps.db.select().from(importJobs).all()).toEqual([])
  expect((await t.request('GET', '/api/v1/check-in', { token: bob.token })).body.data).toEqual([])
  expect(readdirSync(`${t.dataDir}/files/user`).includes(bob.id)).toBe(false)
}

const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(new TextDecoder().decode(files[name]))
const setJson = (files: Record<string, Uint8Array>, name: string, value: unknown) => { files[name] = text(JSON.stringify(value)) }

const withData = (edit: (data: any) => void) => rezip(archive, (files, top) => {
  const doc = json(files, `${top}data.json`)
  edit(doc.data)
  files[`${top}data.json`] = text(JSON.stringify(doc, null, 2))
})

describe('bad input is a 422 that changes nothing', () => {
  test('the file field is required; mode must be replace', async () => {
    const r = await postImport(t, bob, undefined)
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ file: ['The file field is required.'] })
    const m = await postImport(t, bob, archive, 'overwrite')
    expect(r.status).toBe(422)
    expect(m.body.errors).toEqual({ mode: ['The selected mode is invalid.'] })
  })

  test('not a ZIP', () => expectRefused(text('just some text, not an archive'), 'The file is not a ZIP archive.'))

  test('a ZIP of another program', () => expectRefused(zipSync({ 'readme.txt': text('hi'), 'photos/a.jpg': text('x') }),
    'The file is not a daybook export: it has no export_{id}/manifest.json.'))

  test('a manifest of an unknown version', () => expectRefused(rezip(archive, (files, top) => {
    setJson(files, `${top}manifest.json`, { ...json(files, `${top}manifest.json`), format_version: 2 })
  }), 'The export\'s format version 2 is not supported; this server reads version 1.'))

  test('a truncated archive and a corrupt entry', async () => {
    await expectRefused(archive.subarray(0, archive.length - 100), 'The file is not a ZIP archive.')
    // change a letter of a text inside data.json, stored uncompressed: still UTF-8 and valid JSON, only the CRC
    // catches it. (A byte flipped in compressed data was caught first as text that is not UTF-8 or not JSON in some
    // runs, depending on the random ids around it.)
    const files = unzipSync(archive)
    const name = Object.keys(files).find((n) => n.endsWith('/data.json'))!
    const stored = zipSync({ ...files, [name]: [files[name]!, { level: 0 }] })
    const at = Buffer.from(stored).indexOf('"hello"', Buffer.from(stored).indexOf(name)) + 5
    expect(at).toBeGreaterThan(5)
    const broken = stored.slice()
    broken[at] = broken[at]! ^ 0x02
    await expectRefused(broken, `The archive entry "${name}" is damaged or truncated.`)
  })

  test('invalid JSON and invalid CSV', async () => {
    await expectRefused(rezip(archive, (files, top) => { files[`${top}data.json`] = text('{"format": "daybook-export", ') }),
      'The archive entry "data.json" is not valid JSON.')
    await expectRefused(rezip(archive, (files, top) => { files[`${top}check_ins.csv`] = text('Date,Mood\r\n"2026-06-01,1\r\n') }),
      /^check_ins\.csv is not a valid CSV file: /)
    await expectRefused(rezip(archive, (files, top) => { files[`${top}check_ins.csv`] = text('Date,Mood\r\n2026-06-01,1\r\n') }),
      'check_ins.csv holds 1 rows but the manifest counts 3.')
  })

  test('zip bombs: by entry size, total size, entry count and compressed size', async () => {
    const zeros = new Uint8Array(IMPORT_LIMITS.smallFileBytes + 1)
    await expectRefused(rezip(archive, (files, top) => { files[`${top}notes/Idea.md`] = zeros }),
      'The archive entry "export_1/notes/Idea.md" is larger than its limit of 1 MiB.')
    const big = new Uint8Array(IMPORT_LIMITS.textFileBytes)
    await expectRefused(rezip(archive, (files, top) => {
      for (const name of ['todos.csv', 'music.csv', 'books.csv', 'movies.csv', 'games.csv', 'recipes.csv', 'quotes.csv', 'plants.csv', 'links.html']) files[top + name] = big
    }), 'The archive unpacks to more than 256 MiB.')
    await expectRefused(rezip(archive, (files, top) => {
      for (let i = 0; i <= IMPORT_LIMITS.entries; i++) files[`${top}notes/n${i}.md`] = new Uint8Array(0)
    }), `The archive must not hold more than ${IMPORT_LIMITS.entries} entries.`)
    // a header that understates the size: inflating stops at the declared size
    const lying = rezip(archive, (files, top) => { files[`${top}notes/Idea.md`] = new Uint8Array(600_000) })
    const view = new DataView(lying.buffer, lying.byteOffset, lying.byteLength)
    for (let p = 0; p + 4 < lying.length; p++) {
      if (view.getUint32(p, true) === 0x02014b50 && new TextDecoder().decode(lying.subarray(p + 46, p + 46 + view.getUint16(p + 28, true))).endsWith('Idea.md')) {
        view.setUint32(p + 24, 100, true)
      }
    }
    await expectRefused(lying, 'The archive entry "export_1/notes/Idea.md" is damaged or truncated.')
  }, 60_000)

  test('the upload limit: a file over 16 MiB is refused', async () => {
    const r = await postImport(t, bob, new Uint8Array(IMPORT_LIMITS.compressedBytes + 1))
    expect([413, 422]).toContain(r.status)
    expect(t.deps.db.select().from(importJobs).all()).toEqual([])
  })

  test('entry names with .., absolute paths or links', async () => {
    await expectRefused(rezip(archive, (files, top) => { files[`${top}../evil.txt`] = text('x') }), /unsafe name: "export_1\/\.\.\/evil\.txt"/)
    await expectRefused(rezip(archive, (files) => { files['/etc/evil'] = text('x') }), /unsafe name: "\/etc\/evil"/)
    await expectRefused(rezip(archive, (files, top) => { files[`${top}notes\\..\\x.md`] = text('x') }), /unsafe name/)
    const link = zipSync({ 'export_1/manifest.json': [text('../../etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] as any })
    await expectRefused(link, 'The archive entry "export_1/manifest.json" is a link or special file.')
  })

  test('an image that is not an image', () => expectRefused(rezip(archive, (files, top) => {
    const name = Object.keys(files).find((n) => n.startsWith(`${top}clipboard/`))!
    files[name] = text('<svg xmlns="http://www.w3.org/2000/svg"/>')
  }), /^Invalid value in data\.json, clipboard 3 \(clipboard\/\d+\.png\): The image field must be an image\.$/))

  test('values outside the contract\'s rules', async () => {
    await expectRefused(withData((d) => { d.checkIn[0].mood = 9 }), 'Invalid value in data.json, checkIn 1: The selected mood is invalid.')
    await expectRefused(withData((d) => { d.checkIn[1].date = '2026-02-30' }), 'Invalid value in data.json, checkIn 2: The date field must be a valid date in the format YYYY-MM-DD.')
    await expectRefused(withData((d) => { d.clipboard[0].content = 'x'.repeat(65536) }), 'Invalid value in data.json, clipboard 1: The content field must not be greater than 65535 characters.')
    await expectRefused(withData((d) => { d.links[0].url = 'javascript:alert(1)' }), 'Invalid value in data.json, links 1: The url field must be a valid URL.')
    await expectRefused(withData((d) => { d.todos[0].priority = 'urgent' }), 'Invalid value in data.json, todos 1: The selected priority is invalid.')
    await expectRefused(withData((d) => { d.books[0].title = '' }), 'Invalid value in data.json, books 1: The title field is required.')
    await expectRefused(withData((d) => { d.profile.settings.timezone = 'Mars/Base' }), 'Invalid value in data.json, profile settings: The timezone field must be a valid timezone.')
    await expectRefused(withData((d) => { d.profile.check_in_settings.selected_sports = ['yoga'] }), 'Invalid value in data.json, profile check_in_settings: The selected sports field must contain 5 items.')
    await expectRefused(withData((d) => { d.checkIn[0].created_at = 'yesterday' }), 'Invalid value in data.json, checkIn 1: The created at field must be a valid timestamp.')
  })
})

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
