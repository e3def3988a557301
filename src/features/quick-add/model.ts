import { t } from 'elysia'
import { Envelope } from '../../lib/http/schemas'
import { ClipboardEntry } from '../clipboard/model'
import { LibraryItemSchemas } from '../libraries/model'
import { CONTENT_TYPES } from './content-types'

const Nullable = t.Nullable(t.String())

/** Detect metadata by result kind (§4); the todo shape comes first so a todo is not read as a note. */
export const DetectMetadata = t.Union([
  t.Object({ title: t.String(), due_at: Nullable, repeat: Nullable, link: Nullable, tags: t.Array(t.String()), category: Nullable },
    { title: 'todo' }),
  t.Object({ url: t.String(), hostname: t.String() }, { title: 'URL types' }),
  t.Object({ title: t.String() }, { title: 'note' }),
])

export const Detection = t.Object({
  content: t.String(),
  url: t.String(),
  content_type: t.String(),
  confidence: t.Number(),
  needs_confirmation: t.Boolean(),
  metadata: DetectMetadata,
})

export const DetectResponse = Envelope(Detection)

const { id, ...entryFields } = ClipboardEntry.properties
/** clipboard.md §1 with `library` after the id. */
export const CommittedClipboard = t.Object({ id, library: t.Literal('clipboard'), ...entryFields })

export const CommitResponse = Envelope(t.Union([...LibraryItemSchemas, CommittedClipboard]))

/** Request bodies, for the OpenAPI document only (validation with the contract's messages is in input.ts). */
export const DetectBody = t.Object({
  content: t.Optional(t.String({ maxLength: 65535, description: 'URL or text' })),
  url: t.Optional(t.String({ description: 'alias of content, read only when content is absent' })),
})

export const CommitBody = t.Object({
  content: t.Optional(t.String({ maxLength: 65535, description: 'URL or text' })),
  url: t.Optional(t.String({ description: 'alias of content, read only when content is absent' })),
  content_type: t.Union(CONTENT_TYPES.map((v) => t.Literal(v))),
  metadata: t.Optional(t.Nullable(t.Record(t.String(), t.Unknown(), { description: 'fields of the target library' }))),
})
