import type { Database } from 'bun:sqlite'
import { closeSync, openSync, rmSync } from 'node:fs'
import { PRIVATE_FILE_MODE } from '../../data-dir'

/**
 * `daybook backup`: a consistent copy of the database with VACUUM INTO, also while the server runs. The copy
 * holds the same secrets as the database, so it is created owner-only first: VACUUM INTO fills an existing empty
 * file and keeps its mode, where it would create a new one 0644. `wx` also refuses an existing file.
 */
export function backupDatabase(sqlite: Database, target: string): void {
  closeSync(openSync(target, 'wx', PRIVATE_FILE_MODE))
  try {
    sqlite.query('VACUUM INTO ?').run(target)
  } catch (err) {
    rmSync(target, { force: true })
    throw err
  }
}
