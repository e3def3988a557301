/**
 * The check-in list's answer as JSON text written by hand: the very text `JSON.stringify` writes for
 * `ok(…, entries)`, byte for byte (test/check-in/list-json.test.ts proves it over varied entries and through HTTP).
 *
 * Why: every entry's `values` is an object keyed by tracker id (docs/api/check-in.md §5), and JavaScriptCore's
 * `JSON.stringify` leaves its fast path for the whole value once it meets integer-like keys: a year of 365 entries
 * with five values each took 0.47 ms, against 0.14 ms for the same numbers under other keys. Elysia's check of
 * the answer against its schema and its copy of it (`normalize`) cost as much again for such a year, and that copy
 * is slower still to stringify. A route that answers with a Response skips both (its schema still describes it in
 * OpenAPI), so this writer writes only what the schema declares: the entry's table below, typed by the presenter.
 * A day's values and activities are not read at all: the row keeps them as the JSON text they are written as
 * (schema.ts, `values_json`), which is copied.
 */
import type { ok } from '../../lib/http/envelope'
import type { JsonText, StoredCheckInEntry } from './present'
import { TRACKERS, type TrackerKey } from './trackers'

/** Writes one value as JSON. */
type Writer<T> = (value: T) => string

/** How each key of an object is written; every key of `T` must have one. */
type Fields<T> = { [K in keyof T]-?: Writer<T[K]> }

/** As JSON.stringify writes a number: NaN and the infinities as null. */
const number: Writer<number> = (n) => (Number.isFinite(n) ? '' + n : 'null')

const boolean: Writer<boolean> = (b) => (b ? 'true' : 'false')

/**
 * What JSON.stringify escapes in a string: the quote, the backslash and the control characters, and a lone surrogate.
 * Any surrogate sends the string to JSON.stringify itself, which tells a lone one from a pair.
 */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/

/** A string between quotes as it is where JSON.stringify would escape nothing (dates, times, most notes), else by JSON.stringify. */
const string: Writer<string> = (s) => (ESCAPED.test(s) ? JSON.stringify(s) : '"' + s + '"')

const nullable = <T>(write: Writer<T>): Writer<T | null> => (value) => (value === null ? 'null' : write(value))

const arrayOf = <T>(write: Writer<T>): Writer<readonly T[]> => (items) => {
  if (items.length === 0) return '[]'
  let out = '[' + write(items[0]!)
  for (let i = 1; i < items.length; i++) out += ',' + write(items[i]!)
  return out + ']'
}

/** JSON text, as it is. */
const jsonText: Writer<JsonText> = (text) => text

/**
 * The writer of an object with the keys of `fields`, in their order (JSON.stringify follows the object's own
 * order: the presenter's). It is compiled into one function, as Elysia compiles its handlers: a loop over the
 * fields reads every key and calls every writer through one site each, which JavaScriptCore cannot inline, and
 * took twice as long (0.41 against 0.20 ms for a year). The code holds only the fields' own keys.
 */
function objectOf<T>(fields: Fields<T>): Writer<T> {
  const keys = Object.keys(fields)
  if (keys.length === 0) return () => '{}'
  const writers = keys.map((key) => (fields as Record<string, Writer<unknown>>)[key])
  const parts = keys.map((key, i) => `${JSON.stringify((i === 0 ? '{' : ',') + JSON.stringify(key) + ':')} + w[${i}](o[${JSON.stringify(key)}])`)
  return new Function('w', `return (o) => ${parts.join(' + ')} + '}'`)(writers) as Writer<T>
}

/**
 * docs/api/check-in.md §1: an entry's keys in wire order, as present.ts gives them and model.ts declares them. A
 * key the presenter gains must be added here, in its place (tsc names a missing one; the test, one out of order).
 */
const entry = objectOf<StoredCheckInEntry>({
  id: number,
  date: string,
  ...Object.fromEntries(TRACKERS.map((t) => [t.key, nullable(number)])) as Record<TrackerKey, Writer<number | null>>,
  created_at: string,
  updated_at: string,
  values: jsonText,
  activities: jsonText,
  sport_ids: arrayOf(number),
  note: nullable(string),
})

export type CheckInListAnswer = ReturnType<typeof ok<StoredCheckInEntry[]>>

/** GET /api/v1/check-in's answer: the success envelope (lib/http/envelope.ts) around the entries. */
export const checkInListJson: Writer<CheckInListAnswer> = objectOf<CheckInListAnswer>({
  success: boolean,
  message: string,
  data: arrayOf(entry),
  timestamp: string,
})
