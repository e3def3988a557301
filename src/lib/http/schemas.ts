import { t, type TSchema } from 'elysia'

/** Response schemas of the envelopes (conventions.md 3), for route `response` declarations and OpenAPI. */
export const Envelope = <T extends TSchema>(data: T) => t.Object({
  success: t.Boolean(),
  message: t.String(),
  data,
  timestamp: t.String(),
})

export const NullEnvelope = Envelope(t.Null())

export const Pagination = t.Object({
  current_page: t.Integer(),
  last_page: t.Integer(),
  per_page: t.Integer(),
  total: t.Integer(),
  from: t.Nullable(t.Integer()),
  to: t.Nullable(t.Integer()),
  has_more_pages: t.Boolean(),
})

export const PagedEnvelope = <T extends TSchema>(item: T) => t.Object({
  success: t.Boolean(),
  message: t.String(),
  data: t.Array(item),
  timestamp: t.String(),
  meta: t.Object({ pagination: Pagination }),
})

/** Documents a JSON request body in OpenAPI without letting the framework validate it (we validate with
 *  the contract's messages in lib/validation). Use as `detail: { ...jsonBody(schema) }`. */
export const jsonBody = (schema: TSchema) => ({
  requestBody: { required: false, content: { 'application/json': { schema } } },
})
