import { t } from 'elysia'
import { Envelope } from '../../lib/http/schemas'
import { f, rules } from '../../lib/validation'
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
/** docs/api/clipboard.md §1 with `library` after the id. */
export const CommittedClipboard = t.Object({ id, library: t.Literal('clipboard'), ...entryFields })

export const CommitResponse = Envelope(t.Union([...LibraryItemSchemas, CommittedClipboard]))

const CONTENT_MAX = 65535

const content = f.string().max(CONTENT_MAX)

/**
 * docs/api/quick-add.md §2: `content`, or its alias `url` (read only when `content` is absent). The one read is
 * required; input.ts picks it and reports its errors under the name read.
 */
export const DetectBody = rules({
  content: content.describe('URL or text; required unless url is given'),
  url: content.describe('alias of content, read only when content is absent'),
})

/** docs/api/quick-add.md §6; input.ts validates the fields in stages and reports every failing one together. */
export const CommitBody = DetectBody.extend({
  content_type: f.string().required().oneOf(CONTENT_TYPES),
  metadata: f.object().nullable().describe('fields of the target library, by content type; null is no metadata'),
})
