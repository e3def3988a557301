/**
 * Reading request bodies (docs/api/conventions.md §2): the size limits while reading (413 also for chunked bodies),
 * then JSON or multipart decoding. Runs as the app's `parse` hook, so it sees every routed request with a body.
 */
import { AppError, MalformedJsonError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors'

export const JSON_BODY_LIMIT = 1_048_576
export const MULTIPART_BODY_LIMIT = 16_777_216

/** A client that went away before its body arrived; answered with nothing and logged as aborted (499). */
export class ClientClosedError extends AppError {
  constructor() { super(499, 'client_closed_request', 'The client closed the connection.') }
}

export function isMultipart(contentType: string): boolean {
  return contentType.toLowerCase().startsWith('multipart/form-data')
}

function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  return type === '' || type === 'application/json' || type === 'text/plain' || /^application\/[^/]+\+json$/.test(type)
}

/** The decoded body, or the 415/400 it earns (raised later, after authentication: docs/api/conventions.md §6). */
export type DecodedBody = { value: Record<string, unknown> } | { error: AppError }

/**
 * The form of an upload as a plain object of its fields (the last value of a repeated name). Any other content
 * type, or a broken body, is an empty form, so its file counts as missing (422, docs/api/conventions.md §2.1).
 */
export async function decodeForm(bytes: Uint8Array, contentType: string): Promise<DecodedBody> {
  if (isMultipart(contentType)) {
    try {
      const form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData()
      return { value: Object.fromEntries(form.entries()) }
    } catch {
      return { value: {} }
    }
  }
  return { value: {} }
}

/** A JSON object body (2.1–2.2): empty → {}, wrong content type → 415, not JSON or not an object → 400. */
export function decodeJson(bytes: Uint8Array, contentType: string): DecodedBody {
  if (bytes.length === 0) return { value: {} }
  if (!isJsonType(contentType)) return { error: new UnsupportedMediaTypeError() }
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return { error: new MalformedJsonError() }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: new MalformedJsonError() }
  return { value: value as Record<string, unknown> }
}

/** The whole body, refused with 413 as soon as it is declared or grows larger than the limit of its kind. */
export async function readBody(request: Request, contentType: string): Promise<Uint8Array> {
  const limit = isMultipart(contentType) ? MULTIPART_BODY_LIMIT : JSON_BODY_LIMIT
  if (Number(request.headers.get('content-length') ?? NaN) > limit) throw new PayloadTooLargeError()
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>
    try {
      chunk = await reader.read()
    } catch {
      throw new ClientClosedError()
    }
    if (chunk.done) break
    size += chunk.value.length
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw new PayloadTooLargeError()
    }
    chunks.push(chunk.value)
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
}
