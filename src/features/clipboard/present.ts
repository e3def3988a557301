import type { Deps } from '../../lib/deps'
import { iso } from '../../lib/clock'
import { publicFileUrl } from '../../lib/files'
import type { ClipboardRow } from './schema'

/** docs/api/clipboard.md §1 — the public shape of an entry; reused by quick add, the chat bot and the export. */
export function presentClipboardEntry(deps: Pick<Deps, 'config'>, row: ClipboardRow) {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    file_path: row.filePath,
    image_url: publicFileUrl(deps.config.publicUrl, row.filePath),
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }
}

export type ClipboardEntry = ReturnType<typeof presentClipboardEntry>
