import { f, normalizeValue } from '../../lib/validation'

/**
 * Which of two accepted names to read a field from (docs/api/users.md §6.1–6.2): the first one that holds a value after
 * the field handling of docs/api/conventions.md §2.4 (trimmed, empty and null count as absent), else the first name, so
 * errors are keyed by the name that was read.
 */
export function pickFieldName(input: Readonly<Record<string, unknown>>, primary: string, alias: string): string {
  if (normalizeValue(input[primary], f.any()) !== undefined) return primary
  if (normalizeValue(input[alias], f.any()) !== undefined) return alias
  return primary
}
