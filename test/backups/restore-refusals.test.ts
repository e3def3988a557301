/**
 * `daybook restore` refuses every damaged, altered or hostile archive before touching anything: the data folder
 * is byte for byte the same afterwards and no staging or aside folder is left next to it. Every refusal, whatever
 * its cause, is one line "restore refused, nothing was changed: …" and exit code 1.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { zipSync, type Zippable } from 'fflate'
import { migrations } from '../../src/lib/db/migrations.generated'
import { migrate } from '../../src/lib/db/migrate'
import { daybook, daybookPeakRss, entriesOf, putUserFile, sha256, treeOf } from './helpers'
import { deflatedZeros, rawZip, storedEntry, zerosChecksums, type RawEntry } from './hostile-zip'

const PASSWORD = 'a long enough password'
let root: string
let data: string
let good: string
let entries: Record<string, Uint8Array>
let manifest: any
let before: Record<string, string>

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'daybook-refusals-'))
  data = join(root, 'data')
  expect(daybook(data, ['user', 'create', '--email', 'a@example.com', '--name', 'A', '--password', PASSWORD]).code).toBe(0)
  putUserFile(data, 'u1', crypto.getRandomValues(new Uint8Array(5000)))
  good = join(root, 'good.zip')
  expect(daybook(data, ['backup', good]).code).toBe(0)
  entries = entriesOf(good)
  manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']))
  before = treeOf(data)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

let n = 0
/** Writes an archive built from `files` (stored entries) and returns its path. */
function archive(files: Zippable): string {
  const path = join(root, `bad-${++n}.zip`)
  writeFileSync(path, zipSync(files, { level: 0 }))
  return path
}

const json = (v: unknown) => new TextEncoder().encode(JSON.stringify(v))
/** The good archive's entries with `change` applied to a copy of the manifest. */
const withManifest = (change: (m: any) => void, extra: Zippable = {}): Zippable => {
  const m = structuredClone(manifest)
  change(m)
  return { ...entries, ...extra, 'manifest.json': json(m) }
}

/** Returns the restore's peak resident memory (bytes) when `measure` is set. */
function expectRefused(file: string, reason: string | RegExp, measure = false): number {
  const r = measure ? daybookPeakRss(data, ['restore', file]) : { ...daybook(data, ['restore', file]), maxRss: 0 }
  expect(r.code).toBe(1)
  expect(r.stderr).toContain('restore refused, nothing was changed: ')
  if (typeof reason === 'string') expect(r.stderr).toContain(reason)
  else expect(r.stderr).toMatch(reason)
  expect(treeOf(data)).toEqual(before)
  expect(readdirSync(root).filter((x) => !x.endsWith('.zip'))).toEqual(['data'])
  return r.maxRss
}

describe('restore refuses, touching nothing', () => {
  test('the good archive itself restores (the baseline the altered ones start from)', () => {
    const copy = join(root, 'copy')
    expect(daybook(copy, ['restore', good]).code).toBe(0)
    rmSync(copy, { recursive: true })
  })

  test('not a ZIP, a truncated archive, a ZIP of another program', () => {
    writeFileSync(join(root, 'text.zip'), 'hello, not a zip')
    expectRefused(join(root, 'text.zip'), 'the file is not a ZIP archive')
    const bytes = readFileSync(good)
    writeFileSync(join(root, 'truncated.zip'), bytes.subarray(0, Math.floor(bytes.length / 2)))
    expectRefused(join(root, 'truncated.zip'), 'not a ZIP archive')
    expectRefused(archive({ 'readme.txt': json('hi') }), 'entry name "readme.txt" is not allowed')
    expectRefused(archive({ 'files/readme.txt': json('hi') }), 'the archive has no manifest.json: not a daybook backup')
    expectRefused(archive({ 'manifest.json': json({ format: 'other' }) }), 'this is not a daybook backup')
    expectRefused(archive({ ...entries, 'manifest.json': new TextEncoder().encode('{nope') }), 'the manifest is not valid JSON')
    expectRefused(archive(withManifest((m) => { m.format_version = 2 })), 'unknown backup format version 2')
  })

  test('a flipped byte in an entry fails its CRC; a changed file with its CRC redone fails its SHA-256', () => {
    const bytes = Buffer.from(readFileSync(good))
    const png = manifest.files.find((f: { name: string }) => f.name.startsWith('files/'))
    // The stored image's data sits right after its local header: find it by its name.
    const at = bytes.indexOf(Buffer.from(png.name)) + png.name.length + 10
    bytes[at] = bytes[at]! ^ 0xff
    writeFileSync(join(root, 'flipped.zip'), bytes)
    expectRefused(join(root, 'flipped.zip'), `entry ${png.name} fails its CRC-32 check`)
    const altered = new Uint8Array(entries[png.name]!)
    altered[0] = altered[0]! ^ 0xff
    expectRefused(archive({ ...entries, [png.name]: altered }), `${png.name} fails its SHA-256 check`)
    expectRefused(archive(withManifest((m) => { m.files[0].size += 1 })), 'daybook.db has')
  })

  test('entries not in the manifest, missing entries, unsafe names', () => {
    expectRefused(archive({ ...entries, 'files/user/u1/clipboard/extra.png': json(1) }), 'entry "files/user/u1/clipboard/extra.png" is not in the manifest')
    const { ['app.key']: _key, ...noKey } = entries
    expectRefused(archive(noKey), 'app.key is listed in the manifest but missing from the archive')
    for (const name of ['../evil.txt', 'files/../../evil.txt', '/etc/evil', 'files/user/./x', 'files\\user\\x', 'other/file']) {
      expectRefused(archive({ ...entries, [name]: json(1) }), 'is not allowed')
    }
    expectRefused(archive(withManifest((m) => { m.files.push({ name: '../x', size: 1, sha256: 'a'.repeat(64) }) })), 'the manifest names an unsafe path: "../x"')
  })

  test('a symlink entry is refused', () => {
    const bytes = Buffer.from(readFileSync(good))
    // Mark the image's central-directory entry as a symlink (unix mode 0120777 in the external attributes).
    const png = manifest.files.find((f: { name: string }) => f.name.startsWith('files/')).name
    const cd = bytes.lastIndexOf(Buffer.from(png))
    bytes.writeUInt32LE((0o120777 << 16) >>> 0, cd - 46 + 38)
    writeFileSync(join(root, 'link.zip'), bytes)
    expectRefused(join(root, 'link.zip'), 'is not a regular file')
  })

  test('a database that fails PRAGMA integrity_check, with matching checksums', () => {
    const db = Buffer.from(entries['daybook.db']!)
    // Damage a b-tree page past the header (page 2 onwards) and re-declare its checksum in the manifest.
    for (let i = 4096 + 8; i < 4096 + 200; i++) db[i] = 0xee
    expectRefused(archive(withManifest((m) => { m.files[0].sha256 = sha256(db) }, { 'daybook.db': db })), /PRAGMA integrity_check|cannot be opened|malformed/)
  })

  test('a newer schema is refused with a clear message', () => {
    expectRefused(archive(withManifest((m) => { m.schema_version = { tag: '9999_future', when: m.schema_version.when + 1 }; m.daybook_version = '9.0.0' })),
      'this backup was made by a newer daybook (9.0.0, schema 9999_future); this daybook knows schema')
    // The manifest lies about the schema but the database is newer.
    const file = join(root, 'newer.db')
    writeFileSync(file, entries['daybook.db']!)
    const sqlite = new Database(file)
    sqlite.query('INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?)').run('x', manifest.schema_version.when + 1000)
    sqlite.close()
    const newer = readFileSync(file)
    rmSync(file)
    expectRefused(archive(withManifest((m) => { m.files[0] = { name: 'daybook.db', size: newer.length, sha256: sha256(newer) } }, { 'daybook.db': newer })),
      'the database snapshot has a newer schema than this daybook knows')
  })

  test('an older schema is migrated forward', () => {
    // As made by the first release: a database migrated through 0000_init only, with an account in it.
    const file = join(root, 'older.db')
    const sqlite = new Database(file)
    migrate(sqlite, migrations.slice(0, 1))
    sqlite.query(`INSERT INTO users (id, name, email, email_key, password_hash, created_at, updated_at)
      VALUES ('u-old', 'Old', 'old@example.com', 'old@example.com', 'x', 1, 1)`).run()
    sqlite.close()
    const bytes = readFileSync(file)
    rmSync(file)
    const path = archive(withManifest((m) => {
      m.schema_version = { tag: migrations[0]!.tag, when: migrations[0]!.when }
      m.files[0] = { name: 'daybook.db', size: bytes.length, sha256: sha256(bytes) }
    }, { 'daybook.db': bytes }))
    const target = join(root, 'migrated')
    const r = daybook(target, ['restore', path], { LOG_LEVEL: 'info' })
    expect({ code: r.code, applied: r.stderr.includes('restore: migrations applied') }).toEqual({ code: 0, applied: true })
    const db = new Database(join(target, 'daybook.db'), { readonly: true })
    expect((db.query('SELECT max(created_at) AS w FROM "__drizzle_migrations"').get() as { w: number }).w).toBe(migrations.at(-1)!.when)
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'backup_runs'").all()).toHaveLength(1)
    expect(db.query('SELECT email FROM users').all()).toEqual([{ email: 'old@example.com' }])
    db.close()
    rmSync(target, { recursive: true })
  })

  test('a database whose tables are not those of the schema it names (a newer one\'s under an older history)', () => {
    // The current database with the history cut back to 0000_init: later migrations would fail after the swap.
    const file = join(root, 'mislabelled.db')
    writeFileSync(file, entries['daybook.db']!)
    const sqlite = new Database(file)
    sqlite.query('DELETE FROM "__drizzle_migrations" WHERE created_at > ?').run(migrations[0]!.when)
    sqlite.close()
    const bytes = readFileSync(file)
    rmSync(file)
    expectRefused(archive(withManifest((m) => {
      m.schema_version = { tag: migrations[0]!.tag, when: migrations[0]!.when }
      m.files[0] = { name: 'daybook.db', size: bytes.length, sha256: sha256(bytes) }
    }, { 'daybook.db': bytes })), /the database snapshot does not hold the schema 0000_init it claims: .*unexpected .*table backup_runs/)
  })
})

describe('an unexpected failure before the swap', () => {
  test('is a refusal with the same message (here DATA_DIR is below a file, so no staging folder can be made)', () => {
    const file = join(root, 'a-file')
    writeFileSync(file, 'not a folder')
    const r = daybook(join(file, 'data'), ['restore', good])
    expect({ code: r.code, stderr: r.stderr.trim() }).toEqual({
      code: 1, stderr: expect.stringMatching(/^restore refused, nothing was changed: the archive could not be checked and staged: ENOTDIR/),
    })
    rmSync(file)
  })
})

describe('hostile archives are refused before they cost disk or memory, with the same message', () => {
  const MiB = 1024 * 1024
  /** The restore process: Bun with daybook loaded peaks at about 60 MB; what an entry claims must not add to that. */
  const BOUNDED_RSS = 120 * MiB

  /** An archive of the good one's key, `db` as daybook.db and `extra`, with a manifest listing them as declared. */
  function hostile(db: RawEntry, dbSha256: string, extra: { entry: RawEntry; sha256: string }[] = []): string {
    const m = structuredClone(manifest)
    m.files = [
      { name: 'daybook.db', size: db.size, sha256: dbSha256 },
      m.files.find((f: { name: string }) => f.name === 'app.key'),
      ...extra.map(({ entry, sha256 }) => ({ name: entry.name, size: entry.size, sha256 })),
    ]
    const path = join(root, `hostile-${++n}.zip`)
    writeFileSync(path, rawZip([db, storedEntry('app.key', entries['app.key']!), ...extra.map((x) => x.entry), storedEntry('manifest.json', json(m))]))
    return path
  }
  const goodDb = () => storedEntry('daybook.db', entries['daybook.db']!)

  test('a name with a part longer than a file system takes (300 characters)', () => {
    const name = `files/user/u1/clipboard/${'a'.repeat(300)}.png`
    const bytes = json('an image')
    expectRefused(archive(withManifest((m) => { m.files.push({ name, size: bytes.length, sha256: sha256(bytes) }) }, { [name]: bytes })),
      'has a part longer than 255 bytes')
  })

  test('a file beside a folder of the same name', () => {
    const [file, inside] = ['files/user/u1/a', 'files/user/u1/a/b']
    const bytes = json('x')
    expectRefused(archive(withManifest((m) => {
      for (const name of [file, inside]) m.files.push({ name, size: bytes.length, sha256: sha256(bytes) })
    }, { [file]: bytes, [inside]: bytes })), 'entry "files/user/u1/a" is a file, and "files/user/u1/a/b" needs it to be a folder')
  })

  test('a database holding only the migration history of the current schema', () => {
    const path = join(root, 'tableless.db')
    const sqlite = new Database(path)
    sqlite.exec('CREATE TABLE "__drizzle_migrations" (id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)')
    for (const m of migrations) sqlite.query('INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?)').run(m.hash, m.when)
    sqlite.close()
    const bytes = readFileSync(path)
    rmSync(path)
    expectRefused(archive(withManifest((m) => { m.files[0] = { name: 'daybook.db', size: bytes.length, sha256: sha256(bytes) } }, { 'daybook.db': bytes })),
      /the database snapshot does not hold the schema \S+ it claims: missing table \w+/)
  })

  test('a database of 1 GiB of zeros in a 1 MB archive, honestly declared', () => {
    const { crc, sha256: digest } = zerosChecksums(1024)
    const bomb: RawEntry = { name: 'daybook.db', method: 8, data: deflatedZeros(1024), crc, size: 1024 * MiB }
    const rss = expectRefused(hostile(bomb, digest), 'daybook.db is not a SQLite database', true)
    expect(rss).toBeLessThan(BOUNDED_RSS)
  })

  test('a database that declares 4 KiB and inflates to 1 GiB', () => {
    const bomb: RawEntry = { name: 'daybook.db', method: 8, data: deflatedZeros(1024), crc: 0, size: 4096 }
    const rss = expectRefused(hostile(bomb, 'a'.repeat(64)), 'entry daybook.db is larger than it says', true)
    expect(rss).toBeLessThan(BOUNDED_RSS)
  })

  test('a user file larger than any daybook stores', () => {
    const { crc, sha256: digest } = zerosChecksums(65)
    const big: RawEntry = { name: 'files/user/u1/clipboard/big.png', method: 8, data: deflatedZeros(65), crc, size: 65 * MiB }
    expectRefused(hostile(goodDb(), sha256(entries['daybook.db']!), [{ entry: big, sha256: digest }]),
      `files/user/u1/clipboard/big.png declares ${65 * MiB} bytes, more than the 64 MiB a backup holds`)
  })

  test('entries that declare more than the disk has free (a ZIP64 size of 1 PiB)', () => {
    const huge: RawEntry = { name: 'daybook.db', method: 8, data: deflatedZeros(1), crc: 0, size: 2 ** 50 }
    expectRefused(hostile(huge, 'a'.repeat(64)), /not enough disk space: the restore needs about 1125899906\.8 MB, [\d.]+ MB of [\d.]+ MB are free/)
  })
})
