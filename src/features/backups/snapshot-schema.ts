/**
 * Restore's checks of a snapshot's database before it is used: its first page is a SQLite header that fits its
 * size (checked while it is extracted, so a zip bomb of zeros stops at once), and its schema is exactly the one
 * its migration history names. Without the second, a file holding only `__drizzle_migrations` would be restored
 * and the server would die at its first query; with a table too many, the forward migrations would fail after the
 * swap.
 */
import { Database } from 'bun:sqlite'
import { migrate } from '../../lib/db/migrate'
import { migrations } from '../../lib/db/migrations.generated'
import { BadBackupError, DATABASE_ENTRY, type SchemaVersion } from './manifest'
import { currentSchemaVersion, schemaVersionOf } from './snapshot'
import type { HeadCheck } from './read-archive'

const MAGIC = 'SQLite format 3\u0000'

/** The database header (sqlite.org/fileformat.html §1.3): magic, page size, and the page count when it is valid. */
export function databaseHeaderCheck(declaredSize: number): HeadCheck {
  return {
    bytes: 100,
    check(head) {
      const view = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
      if (head.length < 100 || view.toString('latin1', 0, 16) !== MAGIC) throw new BadBackupError(`${DATABASE_ENTRY} is not a SQLite database`)
      const raw = view.readUInt16BE(16)
      const pageSize = raw === 1 ? 65536 : raw
      if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0 || declaredSize % pageSize !== 0) {
        throw new BadBackupError(`${DATABASE_ENTRY} has a damaged header (page size ${raw} for ${declaredSize} bytes)`)
      }
      // The page count is valid when the "version-valid-for" number equals the change counter (always, since 3.7.0).
      const pages = view.readUInt32BE(28)
      if (view.readUInt32BE(92) === view.readUInt32BE(24) && pages * pageSize !== declaredSize) {
        throw new BadBackupError(`${DATABASE_ENTRY} says it has ${pages} pages of ${pageSize} bytes, but declares ${declaredSize} bytes`)
      }
    },
  }
}

/**
 * Every table (with its columns), index, view and trigger of a database, as comparable lines. Left out: SQLite's
 * own tables, and the migration history, which schemaVersionOf reads (its definition is the migrator's, not ours).
 */
function schemaLines(db: Database): string[] {
  const objects = db.query<{ type: string; name: string }, []>(
    `SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND tbl_name != '__drizzle_migrations'
     ORDER BY type != 'table', type, name`).all()
  const lines: string[] = []
  for (const { type, name } of objects) {
    lines.push(`${type} ${name}`)
    if (type !== 'table') continue
    const columns = db.query<{ name: string; type: string; notnull: number; pk: number }, [string]>(
      'SELECT name, type, "notnull", pk FROM pragma_table_info(?)').all(name)
    for (const c of columns) lines.push(`column ${name}.${c.name} ${c.type}${c.notnull ? ' not null' : ''}${c.pk ? ` pk${c.pk}` : ''}`)
  }
  return lines
}

/** The schema the embedded migrations up to `version` make, in an in-memory database. */
function expectedSchema(version: SchemaVersion): string[] {
  const db = new Database(':memory:')
  try {
    migrate(db, migrations.filter((m) => m.when <= version.when))
    return schemaLines(db)
  } finally {
    db.close()
  }
}

/**
 * The snapshot's schema version, checked: not newer than this daybook's, the one its manifest names, a version
 * this daybook knows, and exactly the tables, columns and indexes those migrations make. Throws BadBackupError.
 */
export function checkSnapshotSchema(path: string, claimed: SchemaVersion): SchemaVersion {
  const db = new Database(path, { readonly: true })
  try {
    let schema: SchemaVersion
    try { schema = schemaVersionOf(db) } catch { throw new BadBackupError('the database snapshot has no migration history') }
    const current = currentSchemaVersion()
    if (schema.when > current.when) throw new BadBackupError(`the database snapshot has a newer schema than this daybook knows (${current.tag}): upgrade daybook, then restore`)
    if (schema.when !== claimed.when) throw new BadBackupError('the database snapshot does not have the schema its manifest names')
    if (!migrations.some((m) => m.when === schema.when)) throw new BadBackupError('the database snapshot\'s migration history names no schema this daybook knows')
    const actual = new Set(schemaLines(db))
    const expected = expectedSchema(schema)
    const missing = expected.filter((line) => !actual.has(line))
    const extra = [...actual].filter((line) => !expected.includes(line))
    if (missing.length > 0 || extra.length > 0) {
      // Tables first; the columns of a table that is missing (or unexpected) as a whole go without saying.
      const list = (lines: string[]) => {
        const wholeTables = new Set(lines.filter((l) => l.startsWith('table ')).map((l) => l.slice(6)))
        const shown = lines.filter((l) => !(l.startsWith('column ') && wholeTables.has(l.slice(7, l.indexOf('.')))))
        return shown.slice(0, 5).join(', ') + (shown.length > 5 ? `, and ${shown.length - 5} more` : '')
      }
      const parts = [missing.length > 0 ? `missing ${list(missing)}` : '', extra.length > 0 ? `unexpected ${list(extra)}` : ''].filter(Boolean)
      throw new BadBackupError(`the database snapshot does not hold the schema ${schema.tag} it claims: ${parts.join('; ')}`)
    }
    return schema
  } finally {
    db.close()
  }
}
