import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { readForm, readJson, readQuery } from '../../lib/http/body'
import { ok, okPage } from '../../lib/http/envelope'
import { jsonBody } from '../../lib/http/schemas'
import {
  ClipboardDeletedResponse, ClipboardEntryResponse, ClipboardImageBytes, ClipboardPageResponse, CreateTextBody,
  clipboardListParameters, imageUploadBody,
} from './model'
import { listClipboardEntries } from './list-entries'
import { addTextEntry } from './text-entry'
import { addImageEntry, readClipboardImage } from './image-entry'
import { deleteClipboardEntry } from './delete-entries'

const tags = ['clipboard']

export function clipboardRoutes(deps: Deps) {
  return new Elysia({ name: 'clipboard' })
    .use(authPlugin(deps))
    .get('/api/v1/clipboard', ({ actor, request }) => {
      const { entries, meta } = listClipboardEntries(deps, actor, readQuery(request))
      return okPage(deps.clock, 'Clipboards retrieved successfully.', entries, meta)
    }, {
      auth: 'user',
      response: { 200: ClipboardPageResponse },
      detail: { tags, summary: 'List clipboard entries, newest first (paginated)', parameters: clipboardListParameters },
    })
    .post('/api/v1/clipboard', ({ actor, request }) =>
      ok(deps.clock, 'Clipboard created successfully.', addTextEntry(deps, actor, readJson(request))), {
      auth: 'user',
      response: { 200: ClipboardEntryResponse },
      detail: { tags, summary: 'Add a text entry', ...jsonBody(CreateTextBody) },
    })
    .post('/api/v1/clipboard/image', async ({ actor, request }) => {
      const form = await readForm(request)
      return ok(deps.clock, 'Clipboard image saved successfully.', await addImageEntry(deps, actor, form.get('image')))
    }, {
      auth: 'user',
      response: { 200: ClipboardEntryResponse },
      detail: { tags, summary: 'Upload an image entry (JPEG, PNG, GIF or WebP, at most 5 MB and 4096×4096)', ...imageUploadBody },
    })
    .get('/api/v1/clipboard/:id/image', async ({ actor, params }) => {
      const image = await readClipboardImage(deps, actor, params.id)
      return new Response(image.file, {
        headers: {
          'Content-Type': image.mimeType,
          'Content-Length': String(image.size),
          'Content-Disposition': `inline; filename="${image.fileName}"`,
          'Cache-Control': 'private',
        },
      })
    }, {
      auth: 'user',
      response: { 200: ClipboardImageBytes },
      detail: { tags, summary: 'Download the bytes of an image entry' },
    })
    .delete('/api/v1/clipboard/:id', async ({ actor, params }) => {
      await deleteClipboardEntry(deps, actor, params.id)
      return ok(deps.clock, 'Clipboard entry deleted successfully.', null)
    }, {
      auth: 'user',
      response: { 200: ClipboardDeletedResponse },
      detail: { tags, summary: 'Delete an entry and its image' },
    })
}
