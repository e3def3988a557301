import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope, NullEnvelope, PagedEnvelope } from '../../lib/http/schemas'
import { pageFields } from '../../lib/http/pagination'
import { f, queryRules, rules } from '../../lib/validation'

/** docs/api/clipboard.md §1 — the public shape of an entry, keys in contract order. */
export const ClipboardEntry = t.Object({
  id: Type.Integer(),
  type: t.Union([t.Literal('text'), t.Literal('image')]),
  content: t.String(),
  file_path: t.Nullable(t.String()),
  image_url: t.Nullable(t.String()),
  mime_type: t.Nullable(t.String()),
  size_bytes: t.Nullable(Type.Integer()),
  created_at: t.String(),
  updated_at: t.String(),
})

export const ClipboardPageResponse = PagedEnvelope(ClipboardEntry)
export const ClipboardEntryResponse = Envelope(ClipboardEntry)
export const ClipboardDeletedResponse = NullEnvelope

/** The image bytes of GET /v1/clipboard/{id}/image (the handler returns a raw Response, never validated). */
export const ClipboardImageBytes = t.File({ description: 'the stored image bytes, with the entry\'s mime type' })

const TYPES = ['text', 'image'] as const

/** docs/api/clipboard.md §2 — the list's page and optional type filter. */
export const ClipboardListQuery = queryRules({
  ...pageFields(100),
  type: f.string().oneOf(TYPES),
})

/** docs/api/clipboard.md §3 — required (white space alone is empty), a string of at most 65535 code points. */
export const CreateTextBody = rules({
  content: f.string().required().raw()
    .check((v: string, a) => v.trim() === '' ? `The ${a} field is required.` : undefined)
    .max(65535)
    .describe('stored exactly as sent (not trimmed)'),
})

export const MAX_IMAGE_BYTES = 5_242_880
export const MAX_IMAGE_SIDE = 4096

/**
 * docs/api/clipboard.md §4 — the multipart `image` part must be a non-empty file (a plain string counts as missing).
 * Kept raw: trimming would turn the file into an empty object. What the bytes must be is checked by the verb.
 */
export const ImageUploadBody = rules({
  image: f.any().required().raw().check<Blob>(
    (v, a) => v instanceof Blob && v.size > 0 ? undefined : `The ${a} field is required.`,
    { type: 'string', format: 'binary', description: `JPEG, PNG, GIF or WebP, at most ${MAX_IMAGE_BYTES / 1024} KB and ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE}` },
  ),
})
