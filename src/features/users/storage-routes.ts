import { Elysia, t } from 'elysia'
import type { Deps } from '../../lib/deps'
import { openPublicFile } from './storage-file'

/**
 * Public profile and clipboard images (docs/api/conventions.md §13), outside the API: no token; the random file name is
 * the capability.
 */
export function storageRoutes(deps: Deps) {
  return new Elysia({ name: 'users-storage', prefix: '/storage/user' })
    .get('/*', async ({ params }) => {
      const { file, mime, size } = await openPublicFile(deps, params['*'])
      return new Response(file, {
        headers: {
          'Content-Type': mime,
          'Content-Length': String(size),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'public, max-age=31536000, immutable',
        },
      })
    }, {
      response: { 200: t.File({ description: 'the image bytes' }) },
      detail: { tags: ['files'], summary: 'Public profile or clipboard image (404 JSON for malformed paths and missing files)', security: [] },
    })
}
