/**
 * `daybook restore` refuses every damaged, altered or hostile archive before touching anything: the data folder
 * is byte for byte the same afterwards and no staging or aside folder is left next to it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { zipSync, type Zippable } from 'fflate'
import { migrations } from '../../src/lib/db/migrations.generated'
import { daybook, entriesOf, putUserFile, sha256, treeOf } from './helpers'

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

function expectRefused(file: string, reason: string | RegExp): void {
  const r = daybook(data, ['restore', file])
  expect(r.code).toBe(1)
  expect(r.stderr).toContain('restore refused, nothing was changed: ')
  if (typeof reason === 'string') expect(r.stderr).toContain(reason)
  else expect(r.stderr).toMatch(reason)
  expect(treeOf(data)).toEqual(before)
  expect(readdirSync(root).filter((x) => !x.endsWith('.zip'))).toEqual(['data'])
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
    const file = join(root, 'older.db')
    writeFileSync(file, entries['daybook.db']!)
    const sqlite = new Database(file)
    // As if made by the first release: only the tables of 0000_init, only its migration record.
    const initTables = new Set([...migrations[0]!.sql.matchAll(/CREATE TABLE `([a-z_]+)`/g)].map((m) => m[1]))
    const tables = sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '__drizzle_migrations'").all() as { name: string }[]
    for (const { name } of tables) if (!initTables.has(name)) sqlite.exec(`DROP TABLE "${name}"`)
    const last = sqlite.query('SELECT max(created_at) AS w FROM "__drizzle_migrations"').get() as { w: number }
    const older = [{ w: migrations[0]!.when }]
    sqlite.query('DELETE FROM "__drizzle_migrations" WHERE created_at > ?').run(older[0]!.w)
    sqlite.close()
    const bytes = readFileSync(file)
    rmSync(file)
    const path = archive(withManifest((m) => {
      m.schema_version = { tag: '0000_init', when: older[0]!.w }
      m.files[0] = { name: 'daybook.db', size: bytes.length, sha256: sha256(bytes) }
    }, { 'daybook.db': bytes }))
    const target = join(root, 'migrated')
    const r = daybook(target, ['restore', path], { LOG_LEVEL: 'info' })
    expect({ code: r.code, applied: r.stderr.includes('restore: migrations applied') }).toEqual({ code: 0, applied: true })
    const db = new Database(join(target, 'daybook.db'), { readonly: true })
    expect((db.query('SELECT max(created_at) AS w FROM "__drizzle_migrations"').get() as { w: number }).w).toBe(last.w)
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'backup_runs'").all()).toHaveLength(1)
    db.close()
    rmSync(target, { recursive: true })
  })
})
