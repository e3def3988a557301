/**
 * The migrated schema, built once per test process: migrating a new database for every test app cost more
 * than copying the finished file. Each fresh test app gets its own copy, so tests stay isolated.
 */
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/lib/db/client'
import { migrate } from '../../src/lib/db/migrate'

let template: string | undefined

/**
 * Opened like the server opens it, so the file is already in WAL mode: a copy then opens without the
 * journal-mode rewrite and its fsync. Closing the only connection checkpoints the WAL into the file and
 * removes it, so the one file is the whole database.
 */
function buildTemplate(): string {
  // Under the run's temp root (test/helpers/temp-root.ts), which goes after the last test.
  const dir = mkdtempSync(join(tmpdir(), 'daybook-template-'))
  const file = join(dir, 'migrated.db')
  const db = openDatabase(file)
  migrate(db.$client)
  db.$client.close()
  if (existsSync(`${file}-wal`)) throw new Error(`template database ${file} kept its WAL after closing`)
  return file
}

/** Puts a migrated database at `path` unless one is there already (restart tests reopen their own). */
export function seedDatabase(path: string): void {
  if (existsSync(path)) return
  template ??= buildTemplate()
  copyFileSync(template, path)
}
