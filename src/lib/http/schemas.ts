import { t, type TSchema } from 'elysia'
import { Type } from '@sinclair/typebox'
import type { TProperties } from '@sinclair/typebox'
import { INT_ID_PATTERN, UUID_PATTERN } from '../crypto'

/** Response schemas of the envelopes (docs/api/conventions.md §3), for route `response` declarations and OpenAPI. */
export const Envelope = <T extends TSchema>(data: T) => t.Object({
  success: t.Boolean(),
  message: t.String(),
  data,
  timestamp: t.String(),
})

export const NullEnvelope = Envelope(t.Null())

export const Pagination = t.Object({
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  from: t.Nullable(Type.Integer()),
  to: t.Nullable(Type.Integer()),
  has_more_pages: t.Boolean(),
})

export const PagedEnvelope = <T extends TSchema>(item: T) => t.Object({
  success: t.Boolean(),
  message: t.String(),
  data: t.Array(item),
  timestamp: t.String(),
  meta: t.Object({ pagination: Pagination }),
})


/**
 * Path parameters (docs/api/conventions.md §7). Elysia checks them before anything else runs; a value that fails is
 * answered like an unknown id: 404, with `notFound` as the message where the endpoint has its own.
 */
export const UuidParam = t.String({ pattern: UUID_PATTERN, description: 'UUID (compared case-insensitively)' })
export const IntIdParam = t.String({ pattern: INT_ID_PATTERN, description: 'positive integer id' })
export const PathParams = <P extends TProperties>(params: P, notFound?: string) => t.Object(params, notFound ? { notFound } : {})

/** The base path of the API (docs/api/conventions.md §1); features mount under it with their own prefix. */
export const API = '/api/v1'
