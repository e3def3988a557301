import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok, okPage } from '../../lib/http/envelope'
import { API, IntIdParam, PathParams } from '../../lib/http/schemas'
import {
  ClipboardDeletedResponse, ClipboardEntryResponse, ClipboardImageBytes, ClipboardListQuery, ClipboardPageResponse,
  CreateTextBody, ImageUploadBody,
} from './model'
import { listClipboardEntries } from './list-entries'
import { addTextEntry } from './text-entry'
import { addImageEntry, readClipboardImage } from './image-entry'
import { deleteClipboardEntry } from './delete-entries'

const tags = ['clipboard']
const EntryParams = PathParams({ id: IntIdParam })

export function clipboardRoutes(deps: Deps) {
  return new Elysia({ name: 'clipboard', prefix: `${API}/clipboard` })
    .use(guard(deps))
    .get('', async ({ actor, query }) => {
      const { entries, meta } = await listClipboardEntries(deps, actor, query)
      return okPage(deps.clock, 'Clipboards retrieved successfully.', entries, meta)
    }, { auth: 'user', query: ClipboardListQuery.checkedByVerb, response: { 200: ClipboardPageResponse },
      detail: { tags, summary: 'List clipboard entries, newest first (paginated)' } })
    .post('', async ({ actor, body }) => ok(deps.clock, 'Clipboard created successfully.', await addTextEntry(deps, actor, body)), { auth: 'user',
      parse: 'json', body: CreateTextBody.checkedByVerb, response: { 200: ClipboardEntryResponse }, detail: { tags, summary: 'Add a text entry' } })
    .post('/image', async ({ actor, body }) =>
      ok(deps.clock, 'Clipboard image saved successfully.', await addImageEntry(deps, actor, body)), {
      auth: 'user',
      parse: 'formdata',
      body: ImageUploadBody.checkedByVerb,
      response: { 200: ClipboardEntryResponse },
      detail: { tags, summary: 'Upload an image entry (JPEG, PNG, GIF or WebP, at most 5 MB and 4096×4096)' },
    })
    .get('/:id/image', async ({ actor, params }) => {
      const image = await readClipboardImage(deps, actor, params.id)
      return new Response(image.file, {
        headers: {
          'Content-Type': image.mimeType,
          'Content-Length': String(image.size),
          'Content-Disposition': `inline; filename="${image.fileName}"`,
          'Cache-Control': 'private',
        },
      })
    }, { auth: 'user', params: EntryParams, response: { 200: ClipboardImageBytes },
      detail: { tags, summary: 'Download the bytes of an image entry' } })
    .delete('/:id', async ({ actor, params }) => {
      await deleteClipboardEntry(deps, actor, params.id)
      return ok(deps.clock, 'Clipboard entry deleted successfully.', null)
    }, { auth: 'user', params: EntryParams, response: { 200: ClipboardDeletedResponse },
      detail: { tags, summary: 'Delete an entry and its image' } })
}
