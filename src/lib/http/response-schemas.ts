/**
 * What a route's declared response schemas do per request. Every object in them is exact (`additionalProperties:
 * false` unless the schema says otherwise, as OwnValues' map does), so a verb that returns a field its route does not
 * declare fails Elysia's check. Nothing strips fields (the app runs with `normalize: false`): a verb returns exactly
 * its shape, and the OpenAPI document says so.
 *
 * With CHECK_RESPONSES (the test suite, development) every answer is checked against its schema; without it
 * (production) the schemas are marked `noValidate` and Elysia compiles no per-request check at all. A year's check-in
 * list is 365 entries walked for nothing once the suite has proven the verbs' shapes (issue 32's profile).
 *
 * The marks are written on the schema objects, which features declare once per process, so a process holds one mode:
 * asking for the other one is a programming error, not something to silently half-apply.
 */
import type { AnyElysia } from 'elysia'
import { Kind } from '@sinclair/typebox'

type Schema = Record<string, unknown>

let processMode: boolean | undefined

export function settleResponseSchemas(app: AnyElysia, check: boolean): void {
  if (processMode !== undefined && processMode !== check) {
    throw new Error(`response checks were already turned ${processMode ? 'on' : 'off'} in this process`)
  }
  processMode = check
  for (const route of app.routes) {
    for (const schema of statusSchemas(route.hooks.response)) {
      makeExact(schema)
      if (!check) schema.noValidate = true
    }
  }
}

/** A route's `response` is one schema (for 200) or a map from status to schema. */
function statusSchemas(response: unknown): Schema[] {
  if (!isSchema(response)) return []
  if (typeof response.type === 'string' || response.anyOf || Kind in response) return [response]
  return Object.values(response).filter(isSchema)
}

/**
 * Marks every object in `root` exact. One loop with its checks inline, not a recursive helper: start-up walks
 * about 9,000 schema nodes, and a small function called that often reaches JSC's optimising JITs, whose code then
 * stays resident in the idle server (test/foundation/startup-jit.test.ts).
 */
function makeExact(root: Schema): void {
  const seen = new Set<object>()
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const schema = stack.pop() as Schema
    if (typeof schema !== 'object' || schema === null || seen.has(schema)) continue
    seen.add(schema)
    if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false
    for (const key of ['properties', 'patternProperties'] as const) {
      const map = schema[key]
      if (typeof map === 'object' && map !== null) for (const child of Object.values(map)) stack.push(child)
    }
    stack.push(schema.items, schema.additionalProperties, schema.not)
    // Not allOf: an intersection's parts each name only some of the fields, so none of them may be exact alone.
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = schema[key]
      if (Array.isArray(list)) for (const child of list) stack.push(child)
    }
  }
}

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null
