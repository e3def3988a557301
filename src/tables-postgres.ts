// The PostgreSQL twins of the tables that have a PostgreSQL store so far (docs/scaling.md, "The plan"), for
// drizzle-kit (drizzle.postgres.config.ts) and tests. Each is derived from its SQLite table in src/tables.ts.
export * from './features/users/schema-postgres'
export * from './features/check-in/schema-postgres'
export * from './features/trackers/schema-postgres'
export * from './features/search/schema-postgres'
export * from './features/report/schema-postgres'
export * from './features/clipboard/schema-postgres'
export * from './features/libraries/schema-postgres'
