import { MalformedJsonError, UnsupportedMediaTypeError } from '../errors'
import { requestContext } from './context'

export const JSON_BODY_LIMIT = 1_048_576
export const MULTIPART_BODY_LIMIT = 16_777_216

export function isMultipart(contentType: string): boolean {
  return contentType.toLowerCase().startsWith('multipart/form-data')
}

function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  return type === '' || type === 'application/json' || type === 'text/plain' || /^application\/[^/]+\+json$/.test(type)
}

/**
 * The JSON object body of a request (conventions.md 2.1–2.2): empty → {}, wrong content type → 415,
 * not JSON or not an object → 400. Called by handlers after authentication, so 401 comes first.
 */
export function readJson(request: Request): Record<string, unknown> {
  const ctx = requestContext(request)
  if (!ctx.body || ctx.body.length === 0) return {}
  if (!isJsonType(ctx.contentType)) throw new UnsupportedMediaTypeError()
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(ctx.body))
  } catch {
    throw new MalformedJsonError()
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedJsonError()
  return value as Record<string, unknown>
}

/** The form of a multipart upload; any other content type (or a broken body) yields an empty form. */
export async function readForm(request: Request): Promise<FormData> {
  const ctx = requestContext(request)
  if (!ctx.body || !isMultipart(ctx.contentType)) return new FormData()
  try {
    return await new Response(new Blob([ctx.body as Uint8Array<ArrayBuffer>]), { headers: { 'content-type': ctx.contentType } }).formData()
  } catch {
    return new FormData()
  }
}

/** Query parameters with the last value winning for repeated names (conventions.md 2.4). */
export function readQuery(request: Request): Record<string, string> {
  const out: Record<string, string> = {}
  const q = request.url.indexOf('?')
  if (q === -1) return out
  for (const [k, v] of new URLSearchParams(request.url.slice(q + 1))) out[k] = v
  return out
}

/** Reads a body stream, stopping as soon as it grows past `limit` (returns undefined then). */
export async function readLimited(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]
  const out = new Uint8Array(size)
  let offset = 0
  for (const c of chunks) { out.set(c, offset); offset += c.length }
  return out
}
