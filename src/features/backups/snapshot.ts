/**
 * The database half of a backup: a consistent snapshot with VACUUM INTO (also while the server writes), its
 * schema version, and the fingerprint that tells the schedule whether anything changed since the last backup.
 */
import { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { migrations } from '../../lib/db/migrations.generated'
import type { SchemaVersion } from './manifest'
import { createHeapGuard } from '../../lib/heap-guard'

/**
 * The last migration applied to a database, named by the embedded migration list; a database migrated by a
 * newer daybook has a `when` beyond the newest one known here (its tag is then `unknown`).
 */
export function schemaVersionOf(sqlite: Database): SchemaVersion {
  const row = sqlite.query<{ when: number | null }, []>('SELECT max(created_at) AS "when" FROM "__drizzle_migrations"').get()
  const when = Number(row?.when ?? 0)
  return { tag: migrations.find((m) => m.when === when)?.tag ?? 'unknown', when }
}

/** The schema version this daybook migrates to. */
export function currentSchemaVersion(): SchemaVersion {
  const last = migrations.at(-1)!
  return { tag: last.tag, when: last.when }
}

/**
 * Tables left out of the fingerprint: the backup history itself (every run writes it) and SQLite's
 * AUTOINCREMENT counters (a new run bumps backup_runs' counter), and rate-limit buckets (a sign-in attempt is
 * not data worth a new backup).
 */
const NOT_FINGERPRINTED = new Set(['backup_runs', 'sqlite_sequence', 'rate_limit_buckets'])

export interface FileListing { name: string; size: number; mtimeMs: number }

/**
 * SHA-256 over every row of every other table of the snapshot (in rowid order, streamed), the files' listing
 * (name, size, modification time) and the key. Equal fingerprints mean nothing a backup holds has changed.
 * Computed on the snapshot, not the live database, so it describes exactly what the archive would hold.
 */
export function fingerprintOf(snapshotPath: string, files: FileListing[], appKey: Buffer, relieveHeap = createHeapGuard()): string {
  const hash = createHash('sha256')
  let rows = 0
  const db = new Database(snapshotPath, { readonly: true })
  try {
    const tables = db.query<{ name: string; sql: string | null }, []>(
      "SELECT name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'trigger', 'view') ORDER BY type, name").all()
    for (const t of tables) {
      hash.update(`${t.name}\u0000${t.sql ?? ''}\u0000`)
    }
    for (const { name } of tables.filter((t) => t.sql?.startsWith('CREATE TABLE') && !NOT_FINGERPRINTED.has(t.name))) {
      hash.update(`table ${name}\u0000`)
      const quoted = `"${name.replaceAll('"', '""')}"`
      const withoutRowid = /WITHOUT\s+ROWID/i.test(tables.find((t) => t.name === name)?.sql ?? '')
      for (const row of db.query<Record<string, unknown>, []>(`SELECT * FROM ${quoted}${withoutRowid ? '' : ' ORDER BY rowid'}`).iterate()) {
        hash.update(JSON.stringify(Object.values(row), (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : typeof v === 'bigint' ? String(v) : v)))
        hash.update('\n')
        if (++rows % 1000 === 0) relieveHeap()
      }
    }
  } finally {
    db.close()
  }
  for (const f of files) hash.update(`file ${f.name}\u0000${f.size}\u0000${Math.floor(f.mtimeMs)}\n`)
  hash.update(createHash('sha256').update(appKey).digest())
  return hash.digest('hex')
}

/** `PRAGMA integrity_check` of a database file: 'ok' or the first problems SQLite reports. */
export function integrityCheck(path: string): string {
  const db = new Database(path, { readonly: true })
  try {
    const rows = db.query<{ integrity_check: string }, []>('PRAGMA integrity_check(20)').all()
    return rows.map((r) => r.integrity_check).join('; ')
  } finally {
    db.close()
  }
}
