/**
 * Request validation with the contract's exact messages (docs/api/conventions.md §2.4–2.5, 3.5): fields are trimmed,
 * empty strings and non-nullable nulls count as absent, and each failing field reports the first rule that
 * failed, in the order the rules were declared.
 */
import { isValidTimezone } from '../config'
import { ValidationError, type FieldErrors } from './errors'
import { codePoints, isHttpUrl, isValidDate, isValidEmail, trimDeep } from './values'

/** A step passes (undefined), fails (a message) or passes with a converted value ({ value }). */
type StepResult = undefined | string | { value: unknown }
type Step = (value: any, attr: string, input: Record<string, unknown>) => StepResult

export const attribute = (key: string) => key.replace(/_/g, ' ')
interface FieldOptions { required: boolean; nullable: boolean; trim: boolean; requiredWith?: string }

/** JSON Schema keywords a rule contributes to the field's documented schema. */
type Doc = Record<string, unknown>

/**
 * One field's rules. `T` is the type of a value that passed them; `Required` and `Nullable` say whether the
 * validated value may be absent (undefined) or null, so `Infer` gives each key the type a verb receives.
 */
export class Field<T, Required extends boolean = false, Nullable extends boolean = false> {
  declare readonly _out: T | (Required extends true ? never : undefined) | (Nullable extends true ? null : never)
  constructor(
    readonly steps: Step[],
    readonly options: FieldOptions = { required: false, nullable: false, trim: true },
    /** what the rules say of the value, as JSON Schema: the field's entry in the OpenAPI document */
    readonly doc: Doc = {},
  ) {}

  private with(step: Step, doc: Doc = {}): this {
    return new Field(this.steps.concat(step), this.options, { ...this.doc, ...doc }) as this
  }
  private opt(options: Partial<FieldOptions>): any {
    return new Field(this.steps, { ...this.options, ...options }, this.doc)
  }

  /** The field's JSON Schema, as its input's document lists it; nullable fields also accept null. */
  jsonSchema(): Doc {
    return this.options.nullable ? { anyOf: [this.doc, { type: 'null' }] } : this.doc
  }
  /** Adds a description to the documented schema (for rules the keywords cannot say). */
  describe(description: string): this { return new Field(this.steps, this.options, { ...this.doc, description }) as this }

  required(): Field<T, true, Nullable> { return this.opt({ required: true }) }
  nullable(): Field<T, Required, true> { return this.opt({ nullable: true }) }
  /** Keep leading and trailing white space (passwords, clipboard text). */
  raw(): this { return this.opt({ trim: false }) }
  requiredWith(other: string): this { return this.opt({ requiredWith: other }) }

  max(n: number): this {
    return this.with((v, a) => typeof v === 'string' && codePoints(v) > n ? `The ${a} field must not be greater than ${n} characters.` : undefined, { maxLength: n })
  }
  min(n: number): this {
    return this.with((v, a) => typeof v === 'string' && codePoints(v) < n ? `The ${a} field must be at least ${n} characters.` : undefined, { minLength: n })
  }
  between(lo: number, hi: number): this {
    return this.with((v, a) => v < lo || v > hi ? `The ${a} field must be between ${lo} and ${hi}.` : undefined, { minimum: lo, maximum: hi })
  }
  atLeast(n: number): this {
    return this.with((v, a) => v < n ? `The ${a} field must be at least ${n}.` : undefined, { minimum: n })
  }
  oneOf<const V extends T>(values: readonly V[]): Field<V, Required, Nullable> {
    return this.with((v, a) => values.includes(v) ? undefined : `The selected ${a} is invalid.`, { enum: [...values] }) as any
  }
  email(): this { return this.with((v, a) => isValidEmail(v) ? undefined : `The ${a} field must be a valid email address.`, { format: 'email' }) }
  timezone(): this { return this.with((v, a) => isValidTimezone(v) ? undefined : `The ${a} field must be a valid timezone.`, { description: 'IANA timezone, e.g. Europe/Berlin' }) }
  date(): Field<T & string, Required, Nullable> { return this.with((v, a) => isValidDate(v) ? undefined : `The ${a} field must be a valid date in the format YYYY-MM-DD.`, { type: 'string', format: 'date' }) as any }
  url(): this { return this.with((v, a) => isHttpUrl(v) ? undefined : `The ${a} field must be a valid URL.`, { format: 'uri' }) }
  /** The value must equal `{key}_confirmation` (or `other`); the mismatch is reported on this field. */
  confirmed(other: string): this {
    return this.with((v, a, input) => input[other] !== undefined && input[other] !== v ? `The ${a} field confirmation does not match.` : undefined, { description: `must equal ${other}` })
  }
  /**
   * A rule of its own; `doc` says in JSON Schema what it accepts, where the keywords can say it. `U` is the type
   * of the values the step lets pass (or converts to), where it says more than `T` (a tracker of `f.any()`).
   */
  check<U extends T = T>(step: Step, doc?: Doc): Field<NoInfer<U>, Required, Nullable> { return this.with(step, doc) as any }
}

const typeStep = (test: (v: unknown) => boolean, what: string): Step => (v, a) => test(v) ? undefined : `The ${a} field must be ${what}.`
const unchecked = { required: false, nullable: false, trim: true }

export const f = {
  string: () => new Field<string>([typeStep((v) => typeof v === 'string', 'a string')], unchecked, { type: 'string' }),
  integer: () => new Field<number>([typeStep((v) => typeof v === 'number' && Number.isInteger(v), 'an integer')], unchecked, { type: 'integer' }),
  /** A JSON number, or a string holding a decimal number (weather coordinates). */
  number: () => new Field<number>([(v, a) => {
    if (typeof v === 'number' && Number.isFinite(v)) return undefined
    if (typeof v === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v)) return { value: Number(v) }
    return `The ${a} field must be a number.`
  }], unchecked, { type: 'number', description: 'a number, or a string holding a decimal number' }),
  boolean: () => new Field<boolean>([typeStep((v) => typeof v === 'boolean', 'true or false')], unchecked, { type: 'boolean' }),
  array: () => new Field<unknown[]>([typeStep(Array.isArray, 'an array')], unchecked, { type: 'array' }),
  object: () => new Field<Record<string, unknown>>([typeStep((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object')], unchecked, { type: 'object' }),
  /**
   * Query-string integers: any run of digits (docs/api/conventions.md §2.5); beyond 2^53 the value saturates, so range
   * rules still apply.
   */
  queryInt: () => new Field<number>([(v, a) => typeof v === 'string' && /^[0-9]+$/.test(v) ? { value: Math.min(Number(v), Number.MAX_SAFE_INTEGER) } : `The ${a} field must be an integer.`], unchecked, { type: 'string', pattern: '^[0-9]+$' }),
  any: () => new Field<unknown>([]),
}

export type Schema = Record<string, Field<any, any, any>>
export type Infer<S extends Schema> = { [K in keyof S]: S[K]['_out'] }

/** Marks a decoded body or query with the declaration its verb validates it with (a type only, never a value). */
declare const declaredBy: unique symbol

/**
 * A body or query as the client sent it: decoded, any keys, nothing checked yet. The type names the declaration
 * the verb validates it with, so a route can hand a verb only the input the route declared for it.
 */
export type Unchecked<R extends Rules<any>> = { readonly [key: string]: unknown; readonly [declaredBy]: R['fields'] }
/** What `R.validate` returns: each declared key with the type its rules guarantee. */
export type Validated<R extends Rules<any>> = Infer<R['fields']>

type RequiredKeys<S extends Schema> = { [K in keyof S]: S[K] extends Field<any, true, any> ? K : never }[keyof S]
/** A value a client may send where a rule passes `T`: any JSON object for an object field. */
type SendableValue<T> = T extends Record<string, unknown> ? object : T
/**
 * What a client may send for the declaration behind a route's slot (the web app's request bodies): the declared
 * keys, required ones present, each with the type its rules pass, or null (absent, docs/api/conventions.md §2.4), which
 * a form sends for an empty field to get the API's own message.
 */
export type Sendable<U> = U extends { readonly [declaredBy]: infer S extends Schema }
  ? { [K in RequiredKeys<S>]: SendableValue<S[K]['_out']> | null } & { [K in Exclude<keyof S, RequiredKeys<S>>]?: SendableValue<S[K]['_out']> | null }
  : never

type StandardSlot<Output> = {
  version: 1
  vendor: string
  validate(value: unknown): { value: Output }
  types?: { input: Record<string, unknown>; output: Output }
  jsonSchema: { input(): Doc; output(): Doc }
}

/**
 * What a route puts in its `body` / `query` slot: `UpsertCheckIn.checkedByVerb`. The route says with it that
 * the verb validates (README, "Validation"): the contract puts validation after authentication, rate limits and
 * the path resource (docs/api/conventions.md §6, step 9); Elysia's own check runs before the handler, and its coercions
 * ("3" → 3, "true" → true) would bypass 2.5. So Elysia is given only what is true before the handler: the JSON
 * Schema of the rules, which the OpenAPI document lists, and the handler's type, `Unchecked<typeof
 * UpsertCheckIn>`. Its `validate` claims no check: it passes the decoded object on, a query with a repeated name
 * reduced to the last value (docs/api/conventions.md §2.4).
 */
export interface CheckedByVerb<R extends Rules<any>> {
  readonly '~standard': StandardSlot<Unchecked<R>>
}

/**
 * The one declaration of a route's body or query (README, "Validation"): rule chains that validate with the
 * contract's messages, in the verb, where the processing order puts validation. `checkedByVerb` is what the
 * route declares, for the document and the handler's type; `validate` is the check.
 */
export class Rules<S extends Schema> {
  /**
   * @deprecated The routes still to be converted put the declaration itself in their slot; this passes the value
   * through unchecked while the slot's name claims a check. Declare `checkedByVerb` instead.
   */
  readonly '~standard': StandardSlot<Record<string, unknown>>
  /** The route's `body` / `query` slot: documents these rules, types the handler's input; the verb validates. */
  readonly checkedByVerb: CheckedByVerb<Rules<S>>

  /**
   * `query`: the declaration of a query string, names and strings where a repeated name keeps its last value
   * (docs/api/conventions.md §2.4; the HTTP lifecycle reads the query so)
   */
  constructor(readonly fields: S, readonly kind: 'body' | 'query' = 'body') {
    const entries = Object.entries(fields)
    const jsonSchema = (): Doc => ({
      type: 'object',
      properties: Object.fromEntries(entries.map(([key, field]) => [key, field.jsonSchema()])),
      required: entries.filter(([, field]) => field.options.required).map(([key]) => key),
    })
    const slot = <Output>(): StandardSlot<Output> => ({
      version: 1,
      vendor: 'daybook',
      validate: (value: unknown) => ({ value: value as Output }),
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    })
    this['~standard'] = slot()
    this.checkedByVerb = { '~standard': slot() }
  }
  /** `input` as a route hands it to the verb, decoded and not checked: for callers outside HTTP (benchmarks). */
  asSent(input: Record<string, unknown>): Unchecked<Rules<S>> {
    return this.checkedByVerb['~standard'].validate(input).value
  }
  /** The validated input, or a 422; `names` reads a key under the alias the body used (docs/api/users.md §6.1–6.2). */
  validate(input: Readonly<Record<string, unknown>>, names?: FieldNames<S>): Infer<S> {
    return validate(input, this.fields, '', names)
  }
  /** These rules and more; the result is a new declaration. */
  extend<E extends Schema>(more: E): Rules<S & E> {
    return new Rules({ ...this.fields, ...more }, this.kind)
  }
  /**
   * These rules with steps added to some fields, for checks that need what only the verb has (the database, the
   * actor): `RegisterBody.refine({ email: (field) => field.check(uniqueEmail(deps)) })`. The declared chain
   * stays the one declaration; the added step runs after its rules, in the same field.
   */
  refine(steps: { [K in keyof S]?: (field: S[K]) => S[K] }): Rules<S> {
    const fields = { ...this.fields }
    for (const [key, refine] of Object.entries(steps)) fields[key as keyof S] = (refine as (f: Field<any, any, any>) => any)(fields[key]!)
    return new Rules(fields, this.kind)
  }
}

export const rules = <S extends Schema>(fields: S) => new Rules(fields)
/** The declaration of a route's query string (Elysia parses a repeated name into an array; the last value wins). */
export const queryRules = <S extends Schema>(fields: S) => new Rules(fields, 'query')

/** Apply the field handling of docs/api/conventions.md §2.4 to one value; undefined means "absent". */
export function normalizeValue(raw: unknown, field: Field<any, any>): unknown {
  let v = field.options.trim ? trimDeep(raw) : raw
  if (v === '' || (typeof v === 'string' && !field.options.trim && v === '')) v = undefined
  if (v === null && !field.options.nullable) v = undefined
  return v
}

/** The name each declared key is read under, where the body may use an alias (docs/api/users.md §6.1–6.2). */
export type FieldNames<S extends Schema> = { [K in keyof S]?: string }

/**
 * Validate `input` against `schema`; returns the cleaned values under the declared keys or throws a 422
 * ValidationError. A key listed in `names` is read under that name, and its errors name it.
 */
export function validate<S extends Schema>(
  input: Readonly<Record<string, unknown>>, declared: S | Rules<S>, prefix = '', names: FieldNames<S> = {},
): Infer<S> {
  const schema: S = declared instanceof Rules ? declared.fields : declared
  const errors: FieldErrors = {}
  const out: Record<string, unknown> = {}
  const normalized: Record<string, unknown> = {}
  const nameOf = (key: string) => prefix + (names[key] ?? key)
  for (const key of Object.keys(schema)) normalized[key] = normalizeValue(input[names[key] ?? key], schema[key]!)
  for (const [key, field] of Object.entries(schema)) {
    const attr = attribute(nameOf(key))
    let value = normalized[key]
    if (value === undefined) {
      const w = field.options.requiredWith
      if (w && normalized[w] !== undefined) errors[nameOf(key)] = [`The ${attr} field is required when ${attribute(w)} is present.`]
      else if (field.options.required) errors[nameOf(key)] = [`The ${attr} field is required.`]
      continue
    }
    if (value === null) { out[key] = null; continue }
    let failed: string | undefined
    for (const step of field.steps) {
      const r = step(value, attr, normalized)
      if (typeof r === 'string') { failed = r; break }
      if (r) value = r.value
    }
    if (failed) errors[nameOf(key)] = [failed]
    else out[key] = value
  }
  throwIfErrors(errors)
  return out as Infer<S>
}

/** One field validated alone, read under `name` (its errors keyed by it), for verbs that check field by field. */
export function validateField<F extends Field<any, any, any>>(input: Readonly<Record<string, unknown>>, name: string, field: F): F['_out'] {
  // The schema's one key: present unless the field may be absent, which its `_out` then says.
  return validate(input, { [name]: field })[name] as F['_out']
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
