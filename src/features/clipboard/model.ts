import { t } from 'elysia'
import { Envelope, NullEnvelope, PagedEnvelope } from '../../lib/http/schemas'

/** clipboard.md 1 — the public shape of an entry, keys in contract order. */
export const ClipboardEntry = t.Object({
  id: t.Integer(),
  type: t.Union([t.Literal('text'), t.Literal('image')]),
  content: t.String(),
  file_path: t.Nullable(t.String()),
  image_url: t.Nullable(t.String()),
  mime_type: t.Nullable(t.String()),
  size_bytes: t.Nullable(t.Integer()),
  created_at: t.String(),
  updated_at: t.String(),
})

export const ClipboardPageResponse = PagedEnvelope(ClipboardEntry)
export const ClipboardEntryResponse = Envelope(ClipboardEntry)
export const ClipboardDeletedResponse = NullEnvelope

/** The image bytes of GET /v1/clipboard/{id}/image (the handler returns a raw Response, never validated). */
export const ClipboardImageBytes = t.File({ description: 'the stored image bytes, with the entry\'s mime type' })

/** Request bodies and parameters, for the OpenAPI document only (validation lives in the services). */
export const CreateTextBody = t.Object({ content: t.String({ maxLength: 65535, description: 'stored exactly as sent (not trimmed)' }) })

export const imageUploadBody = {
  requestBody: {
    required: true,
    content: { 'multipart/form-data': { schema: t.Object({ image: t.String({ format: 'binary', description: 'JPEG, PNG, GIF or WebP' }) }) } },
  },
}

export const clipboardListParameters = [
  { name: 'page', in: 'query', required: false, schema: { type: 'integer' as const, minimum: 1, default: 1 } },
  { name: 'per_page', in: 'query', required: false, schema: { type: 'integer' as const, minimum: 1, maximum: 100, default: 50 } },
  { name: 'type', in: 'query', required: false, schema: { type: 'string' as const, enum: ['text', 'image'] } },
]
