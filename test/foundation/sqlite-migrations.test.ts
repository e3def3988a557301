/**
 * The SQLite migrations stay in step with the tables declared in src/tables.ts (drizzle), as the PostgreSQL set
 * does in test/scaling/postgres-schema.test.ts: a declaration changed without `npm run db:generate -- <name>`, a
 * migration edited by hand into something else, or a migration not embedded fails here rather than on a user's
 * database.
 */
import { expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api'
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import * as tables from '../../src/tables'
import { migrate } from '../../src/lib/db/migrate'
import { migrations as embedded } from '../../src/lib/db/migrations.generated'

const FOLDER = join(import.meta.dir, '../../migrations')

/** The newest drizzle-kit snapshot of migrations/: what the next `drizzle-kit generate` compares against. */
function latestSnapshot(): Parameters<typeof generateSQLiteMigration>[0] {
  const newest = readdirSync(join(FOLDER, 'meta')).filter((f) => f.endsWith('_snapshot.json')).sort().at(-1)!
  return JSON.parse(readFileSync(join(FOLDER, 'meta', newest), 'utf8'))
}

/**
 * A database's tables as SQLite itself reports them: columns (sorted by name, since a column added later comes
 * last in the table whatever its place in the declaration), indexes with their columns and WHERE clause, and
 * foreign keys with their actions.
 */
function schemaOf(db: Database) {
  const all = <T>(sql: string, ...args: string[]) => db.query<T, string[]>(sql).all(...args)
  // Ordinary tables only: a virtual table and its shadow tables (the search index's FTS5, migrations/0011) are custom
  // SQL that drizzle does not declare, like the triggers.
  const names = all<{ name: string }>(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`)
  return Object.fromEntries(names.map(({ name: table }) => [table, {
    columns: all<{ name: string }>(`SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?)`, table)
      .sort((a, b) => a.name.localeCompare(b.name)),
    indexes: all<{ name: string; unique: number; origin: string }>(`SELECT name, "unique", origin FROM pragma_index_list(?)`, table)
      .map((i) => ({
        // SQLite numbers the indexes of UNIQUE and PRIMARY KEY constraints itself; they are known by their columns.
        name: i.origin === 'c' ? i.name : `(${i.origin})`,
        unique: i.unique,
        columns: all(`SELECT name, "desc", coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno`, i.name),
        where: all<{ sql: string | null }>(`SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?`, i.name)[0]?.sql?.match(/\sWHERE\s([\s\S]*)$/i)?.[1] ?? null,
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    foreignKeys: all(`SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq`, table)
      .map((fk) => JSON.stringify(fk)).sort(),
  }]))
}

test('the committed SQLite migrations are up to date with the tables declared in src/tables.ts', async () => {
  const snapshot = latestSnapshot()
  const declared = await generateSQLiteDrizzleJson(tables, (snapshot as { id: string }).id)
  // `npm run db:generate -- <name>` writes a new migration whenever this is not empty.
  expect(await generateSQLiteMigration(snapshot, declared)).toEqual([])
})

test('the embedded migrations build the declared tables, column by column, index by index, key by key', async () => {
  const migrated = new Database(':memory:')
  const declared = new Database(':memory:')
  try {
    migrate(migrated)
    // The declarations' own DDL, as drizzle-kit writes it for an empty database.
    const ddl = await generateSQLiteMigration(await generateSQLiteDrizzleJson({}), await generateSQLiteDrizzleJson(tables))
    for (const statement of ddl) declared.exec(statement)
    const fromDeclarations = schemaOf(declared)
    expect(Object.keys(fromDeclarations).length).toBeGreaterThan(20)
    expect(schemaOf(migrated)).toEqual(fromDeclarations)
  } finally {
    migrated.close()
    declared.close()
  }
})

test('the embedded migrations are the files of migrations/ (scripts/embed-migrations.mjs has run)', () => {
  const journal = JSON.parse(readFileSync(join(FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }
  const files = readdirSync(FOLDER).filter((f) => f.endsWith('.sql')).sort()
  expect(files).toEqual(journal.entries.map((e) => `${e.tag}.sql`))
  expect(embedded).toEqual(journal.entries.map(({ tag, when }) => {
    const sql = readFileSync(join(FOLDER, `${tag}.sql`), 'utf8')
    return { tag, when, hash: createHash('sha256').update(sql).digest('hex'), sql }
  }))
})

test('npm run db:generate without a descriptive name stops before generating anything', () => {
  const root = join(import.meta.dir, '../..')
  for (const args of [[], ['Import Undo'], ['import_undo', 'extra']]) {
    const r = Bun.spawnSync(['npm', 'run', '--silent', 'db:generate', '--', ...args], { cwd: root, stdout: 'pipe', stderr: 'pipe' })
    expect(r.exitCode).toBe(1)
    expect(r.stderr.toString()).toContain('Name the migration after what it changes, in snake_case:\n\n  npm run db:generate -- import_undo\n')
    expect(r.stdout.toString()).not.toContain('Reading config file')
  }
})
