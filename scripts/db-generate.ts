/**
 * `npm run db:generate -- <name>`: a migration from the drizzle schemas, SQLite (src/tables.ts) and the
 * PostgreSQL twin (src/tables-postgres.ts), both under the one descriptive name, then embedded in the executable
 * (scripts/embed-migrations.mjs). The name is required so migrations/ reads as a history ("0004_import_undo"),
 * not as drizzle-kit's random words ("0001_lively_thunderbolt", from before this rule).
 */
const migrationName = process.argv[2] ?? ''
if (!/^[a-z][a-z0-9_]*$/.test(migrationName) || process.argv.length > 3) {
  console.error('Name the migration after what it changes, in snake_case:\n\n  npm run db:generate -- import_undo\n')
  process.exit(1)
}

function run(cmd: string[]): void {
  const r = Bun.spawnSync(cmd, { stdout: 'inherit', stderr: 'inherit' })
  if (r.exitCode !== 0) process.exit(r.exitCode ?? 1)
}

run(['drizzle-kit', 'generate', '--name', migrationName])
run(['drizzle-kit', 'generate', '--config', 'drizzle.postgres.config.ts', '--name', migrationName])
run(['node', 'scripts/embed-migrations.mjs'])
