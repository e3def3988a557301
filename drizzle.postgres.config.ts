import { defineConfig } from 'drizzle-kit'

// The PostgreSQL migrations (docs/scaling.md): generated from the tables derived from the SQLite schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/tables-postgres.ts',
  out: './migrations-postgres',
})
