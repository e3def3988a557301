/**
 * The web app and the API docs UI, served from files bundled at build time (scripts/build-web.ts) and embedded
 * in the executable. A full page load of any of the app's paths gets the app; its router draws the page. A page load
 * of any other path gets the app too, with status 404: the router draws its "page not found".
 * Pages carry a strict Content-Security-Policy: everything from this origin, no inline script, no framing.
 */
import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import { negotiateEncoding } from '../../lib/http/compression'
import { APP_CSP, PAGE_HEADERS } from '../../lib/http/page-headers'
import { PAGES } from '../../web/paths'
import { webFiles } from '../../../dist/web/assets'

// Swagger UI sets style attributes from its scripts and shows its icons as data: images.
const DOCS_CSP = APP_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** One bundled file: gzip when the client takes it, the plain file otherwise. */
function fileResponse(request: Request, urlPath: string, headers: Record<string, string>): Response {
  const entry = webFiles[urlPath]
  if (!entry) throw new NotFoundError()
  const type = Bun.file(entry.file).type
  const gzip = entry.gzip && negotiateEncoding(request.headers.get('accept-encoding'), ['gzip'])
  return new Response(Bun.file(gzip ? entry.gzip! : entry.file), {
    headers: { 'Content-Type': type, Vary: 'Accept-Encoding', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}), ...headers },
  })
}

const page = (request: Request, file: string, csp: string) =>
  fileResponse(request, file, { ...PAGE_HEADERS, 'Content-Security-Policy': csp, 'Cache-Control': 'no-cache' })

/** Paths the app never draws: the API and its docs, the bundled files, the stored files. */
const OUTSIDE_APP = /^\/(api|assets|storage)(\/|$)/

/**
 * A browser's page load (GET, asking for HTML) of a path no route answers: the app with status 404, so the person
 * sees the app's own "page not found" with the way home, and the status still says there is nothing here. Any
 * other client, and every path under /api, keeps the API's JSON 404.
 */
export function notFoundPage(request: Request): Response | undefined {
  if (request.method !== 'GET' || !(request.headers.get('accept') ?? '').includes('text/html')) return undefined
  if (OUTSIDE_APP.test(new URL(request.url).pathname)) return undefined
  const app = page(request, '/index.html', APP_CSP)
  return new Response(app.body, { status: 404, headers: app.headers })
}

/** Files at the root (manifest, icons), by name: the only ones a path outside /assets reaches. */
const ROOT_FILES = Object.keys(webFiles).filter((p) => p.lastIndexOf('/') === 0 && p !== '/index.html')

export function webRoutes(_deps: Deps) {
  const hidden = { detail: { hide: true } }
  const app = new Elysia({ name: 'web' })
  for (const path of new Set(Object.values(PAGES))) app.get(path, ({ request }) => page(request, '/index.html', APP_CSP), hidden)
  for (const path of ROOT_FILES) app.get(path, ({ request }) => fileResponse(request, path, { 'Cache-Control': 'no-cache' }), hidden)
  return app
    // Names carry a content hash: cached for a year.
    .get('/assets/:name', ({ request, params }) => fileResponse(request, `/assets/${params.name}`, { 'Cache-Control': IMMUTABLE }), hidden)
    .get('/api/docs', ({ request }) => page(request, '/docs/index.html', DOCS_CSP), hidden)
    .get('/api/docs/:name', ({ request, params }) => {
      if (params.name === 'index.html') throw new NotFoundError()
      return fileResponse(request, `/docs/${params.name}`, { 'Cache-Control': 'no-cache' })
    }, hidden)
}
