/**
 * Request validation with the contract's exact messages (conventions.md 2.4–2.5, 3.5): fields are trimmed,
 * empty strings and non-nullable nulls count as absent, and each failing field reports the first rule that
 * failed, in the order the rules were declared.
 */
import { isValidTimezone } from '../config'
import { ValidationError, type FieldErrors } from './errors'

/** A step passes (undefined), fails (a message) or passes with a converted value ({ value }). */
type StepResult = undefined | string | { value: unknown }
type Step = (value: any, attr: string, input: Record<string, unknown>) => StepResult

export const attribute = (key: string) => key.replace(/_/g, ' ')
export const codePoints = (s: string) => [...s].length

interface FieldOptions { required: boolean; nullable: boolean; trim: boolean; requiredWith?: string }

export class Field<T, Out = T | undefined> {
  declare readonly _out: Out
  constructor(readonly steps: Step[], readonly options: FieldOptions = { required: false, nullable: false, trim: true }) {}

  private with(step: Step): this {
    return new Field(this.steps.concat(step), this.options) as this
  }
  private opt(options: Partial<FieldOptions>): any {
    return new Field(this.steps, { ...this.options, ...options })
  }

  required(): Field<T, T> { return this.opt({ required: true }) }
  nullable(): Field<T, Out | null> { return this.opt({ nullable: true }) }
  /** Keep leading and trailing white space (passwords, clipboard text). */
  raw(): this { return this.opt({ trim: false }) }
  requiredWith(other: string): Field<T, Out> { return this.opt({ requiredWith: other }) }

  max(n: number): this {
    return this.with((v, a) => typeof v === 'string' && codePoints(v) > n ? `The ${a} field must not be greater than ${n} characters.` : undefined)
  }
  min(n: number): this {
    return this.with((v, a) => typeof v === 'string' && codePoints(v) < n ? `The ${a} field must be at least ${n} characters.` : undefined)
  }
  between(lo: number, hi: number): this {
    return this.with((v, a) => v < lo || v > hi ? `The ${a} field must be between ${lo} and ${hi}.` : undefined)
  }
  atLeast(n: number): this {
    return this.with((v, a) => v < n ? `The ${a} field must be at least ${n}.` : undefined)
  }
  oneOf<const V extends T>(values: readonly V[]): Field<V, Out extends T ? (Exclude<Out, T> | V) : Out> {
    return this.with((v, a) => values.includes(v) ? undefined : `The selected ${a} is invalid.`) as any
  }
  email(): this { return this.with((v, a) => isValidEmail(v) ? undefined : `The ${a} field must be a valid email address.`) }
  timezone(): this { return this.with((v, a) => isValidTimezone(v) ? undefined : `The ${a} field must be a valid timezone.`) }
  date(): this { return this.with((v, a) => isValidDate(v) ? undefined : `The ${a} field must be a valid date in the format YYYY-MM-DD.`) }
  url(): this { return this.with((v, a) => isHttpUrl(v) ? undefined : `The ${a} field must be a valid URL.`) }
  /** The value must equal `{key}_confirmation` (or `other`); the mismatch is reported on this field. */
  confirmed(other: string): this {
    return this.with((v, a, input) => input[other] !== undefined && input[other] !== v ? `The ${a} field confirmation does not match.` : undefined)
  }
  check(step: Step): this { return this.with(step) }
}

const typeStep = (test: (v: unknown) => boolean, what: string): Step => (v, a) => test(v) ? undefined : `The ${a} field must be ${what}.`

export const f = {
  string: () => new Field<string>([typeStep((v) => typeof v === 'string', 'a string')]),
  integer: () => new Field<number>([typeStep((v) => typeof v === 'number' && Number.isInteger(v), 'an integer')]),
  /** A JSON number, or a string holding a decimal number (weather coordinates). */
  number: () => new Field<number>([(v, a) => {
    if (typeof v === 'number' && Number.isFinite(v)) return undefined
    if (typeof v === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v)) return { value: Number(v) }
    return `The ${a} field must be a number.`
  }]),
  boolean: () => new Field<boolean>([typeStep((v) => typeof v === 'boolean', 'true or false')]),
  array: () => new Field<unknown[]>([typeStep(Array.isArray, 'an array')]),
  object: () => new Field<Record<string, unknown>>([typeStep((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object')]),
  /** Query-string integers: any run of digits (conventions.md 2.5); beyond 2^53 the value saturates, so range rules still apply. */
  queryInt: () => new Field<number>([(v, a) => typeof v === 'string' && /^[0-9]+$/.test(v) ? { value: Math.min(Number(v), Number.MAX_SAFE_INTEGER) } : `The ${a} field must be an integer.`]),
  any: () => new Field<unknown>([]),
}

export type Schema = Record<string, Field<any, any>>
export type Infer<S extends Schema> = { [K in keyof S]: S[K]['_out'] }

/**
 * Trim strings at any depth (conventions.md 2.4 step 2). Iterative: a 1 MiB body can nest far deeper than the
 * call stack reaches. A "__proto__" key is defined as an ordinary key, so it never becomes the copy's prototype.
 */
export function trimDeep(value: unknown): unknown {
  const pending: [from: object, to: Record<string, unknown>][] = []
  const copy = (v: unknown): unknown => {
    if (typeof v === 'string') return v.trim()
    if (v === null || typeof v !== 'object') return v
    const to = (Array.isArray(v) ? [] : {}) as Record<string, unknown>
    pending.push([v, to])
    return to
  }
  const root = copy(value)
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [from, to] = next
    for (const [k, v] of Object.entries(from)) {
      if (k === '__proto__') Object.defineProperty(to, k, { value: copy(v), enumerable: true, writable: true, configurable: true })
      else to[k] = copy(v)
    }
  }
  return root
}

/** Apply the field handling of conventions.md 2.4 to one value; undefined means "absent". */
export function normalizeValue(raw: unknown, field: Field<any, any>): unknown {
  let v = field.options.trim ? trimDeep(raw) : raw
  if (v === '' || (typeof v === 'string' && !field.options.trim && v === '')) v = undefined
  if (v === null && !field.options.nullable) v = undefined
  return v
}

/** Validate `input` against `schema`; returns the cleaned values or throws a 422 ValidationError. */
export function validate<S extends Schema>(input: Record<string, unknown>, schema: S, prefix = ''): Infer<S> {
  const errors: FieldErrors = {}
  const out: Record<string, unknown> = {}
  const normalized: Record<string, unknown> = {}
  for (const key of Object.keys(schema)) normalized[key] = normalizeValue(input[key], schema[key]!)
  for (const [key, field] of Object.entries(schema)) {
    const attr = attribute(prefix + key)
    let value = normalized[key]
    if (value === undefined) {
      const w = field.options.requiredWith
      if (w && normalized[w] !== undefined) errors[prefix + key] = [`The ${attr} field is required when ${attribute(w)} is present.`]
      else if (field.options.required) errors[prefix + key] = [`The ${attr} field is required.`]
      continue
    }
    if (value === null) { out[key] = null; continue }
    let failed: string | undefined
    for (const step of field.steps) {
      const r = step(value, attr, normalized)
      if (typeof r === 'string') { failed = r; break }
      if (r) value = r.value
    }
    if (failed) errors[prefix + key] = [failed]
    else out[key] = value
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return out as Infer<S>
}

/** conventions.md 2.5 "valid e-mail address". */
export function isValidEmail(value: unknown): boolean {
  if (typeof value !== 'string' || codePoints(value) > 255) return false
  const parts = value.split('@')
  if (parts.length !== 2) return false
  const [local, domain] = parts as [string, string]
  if (codePoints(local) < 1 || codePoints(local) > 64 || /\s/u.test(local)) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  return labels.every((l) => codePoints(l) >= 1 && codePoints(l) <= 63 && /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u.test(l))
}

/** Strict YYYY-MM-DD naming a real calendar day, years 0001–9999. */
export function isValidDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  if (y < 1 || m < 1 || m > 12 || d < 1) return false
  const days = new Date(Date.UTC(2000, m, 0)).getUTCDate() // days in month m of a leap year
  if (d > days) return false
  if (m === 2 && d === 29) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
  return true
}

export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false
  try {
    const u = new URL(value)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}

/** Runs one validation step, moving a 422's field errors into `errors` so several steps report together. */
export function collectErrors<T>(errors: FieldErrors, step: () => T): T | undefined {
  try {
    return step()
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err
    Object.assign(errors, err.errors)
    return undefined
  }
}

export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}
