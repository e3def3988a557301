/**
 * A table's rows read by a statement cached by bun:sqlite instead of a drizzle query, on the hot paths: the token
 * lookup of every request (features/auth/tokens.ts: drizzle's prepared query added 1–2.5 µs to a 2–3.5 µs
 * primary-key read, README "Profiling the request path"), the check-in year and the clipboard page.
 */
import { getTableColumns } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'

/** The column types whose stored value is the row's value, and booleans (stored 0/1), which are turned back. */
const AS_STORED = new Set(['SQLiteInteger', 'SQLiteText', 'SQLiteReal', 'SQLiteNumeric'])

export interface RowShape<Row> {
  /** the SELECT list: each column aliased to its drizzle property name */
  columns: string
  /** the statement's row as drizzle would give it (booleans as booleans) */
  read(row: Record<string, unknown> | null): Row | undefined
}

/** The shape of `table`'s rows; a table with a column drizzle maps in another way is refused when the module loads. */
export function rowShape<T extends SQLiteTable>(table: T): RowShape<T['$inferSelect']> {
  const columns = Object.entries(getTableColumns(table))
  const booleans: string[] = []
  for (const [prop, column] of columns) {
    if (column.columnType === 'SQLiteBoolean') booleans.push(prop)
    else if (!AS_STORED.has(column.columnType)) throw new Error(`rowShape: ${prop} is a ${column.columnType}, which drizzle maps`)
  }
  return {
    columns: columns.map(([prop, column]) => `"${column.name}" AS "${prop}"`).join(', '),
    read(row) {
      if (!row) return undefined
      for (const prop of booleans) row[prop] = row[prop] === 1
      return row as T['$inferSelect']
    },
  }
}
