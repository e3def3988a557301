import { Elysia } from 'elysia'
import { openapi } from '@elysiajs/openapi'
import type { Deps } from './lib/deps'
import { VERSION } from './version'
import { accessLogger, lifecycle } from './lib/http/lifecycle'
import { runInRequestScope } from './lib/http/request-scope'
import { settleResponseSchemas } from './lib/http/response-schemas'
import { healthRoutes } from './features/health/routes'
import { instanceRoutes } from './features/instance/routes'
import { authRoutes } from './features/auth/routes'
import { usersRoutes } from './features/users/routes'
import { friendsRoutes } from './features/friends/routes'
import { clipboardRoutes } from './features/clipboard/routes'
import { checkInRoutes } from './features/check-in/routes'
import { trackersRoutes } from './features/trackers/routes'
import { streaksRoutes } from './features/streaks/routes'
import { insightsRoutes } from './features/insights/routes'
import { chatbotRoutes } from './features/chatbot/routes'
import { exportRoutes } from './features/export/routes'
import { quickAddRoutes } from './features/quick-add/routes'
import { librariesRoutes } from './features/libraries/routes'
import { backupsRoutes } from './features/backups/routes'
import { importRoutes } from './features/import/routes'
import { notificationsRoutes } from './features/notifications/routes'
import { weatherRoutes } from './features/weather/routes'
import { searchRoutes } from './features/search/routes'
import { reportRoutes } from './features/report/routes'
import { notFoundPage, webRoutes } from './features/web/routes'

/** Every feature's plugin, mounted in this order. */
const FEATURES = [
  healthRoutes, instanceRoutes, authRoutes, usersRoutes, friendsRoutes, clipboardRoutes, checkInRoutes, trackersRoutes, streaksRoutes, insightsRoutes, chatbotRoutes, exportRoutes,
  quickAddRoutes, librariesRoutes, backupsRoutes, importRoutes, notificationsRoutes, weatherRoutes, searchRoutes, reportRoutes, webRoutes,
] as const

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never
/**
 * Every route as Elysia types it (path segments → method → body, query and the declared responses). The web app
 * imports this as a type only (src/web/lib/api.ts), so its requests and answers are checked against the routes.
 */
export type ApiRoutes = Intersection<ReturnType<(typeof FEATURES)[number]>['~Routes']>

export interface App {
  /** Answers one request; `peerIp` is the TCP peer (the server passes it, tests their own). */
  handle(request: Request, peerIp?: string): Promise<Response>
  elysia: Elysia<any, any, any, any, any, any, any>
}

/** Builds the HTTP app without listening (tests call app.handle(new Request(...))). */
export function createApp(deps: Deps): App {
  const elysia = new Elysia({
    // Nothing strips undeclared fields: verbs return exactly their declared shape (lib/http/response-schemas.ts).
    // encodeSchema only serves t.Transform (unused here), and its dynamic Encode pass costs more than the rest of a
    // large list response (bench/clipboard-check-in.ts).
    normalize: false,
    encodeSchema: false,
    // Find the path after the scheme, not at a fixed offset: a Host of three characters or fewer (`app`, a
    // compose service) would otherwise cut the path wrongly and every route would answer 404.
    handler: { standardHostname: false },
  })
  elysia
    .use(lifecycle(deps, elysia, { notFoundPage }))
    .use(openapi({
      // The UI is the web feature's bundled Swagger UI (no CDN); this plugin serves the document only.
      path: '/api/docs',
      provider: null,
      specPath: '/api/docs/json',
      documentation: {
        info: { title: 'daybook API', version: VERSION, description: 'Self-hosted personal life-tracking backend.' },
        // Routes with `auth` declare this scheme (lib/http/guard.ts), so the UI can send a token.
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: '{id}|{secret}' } } },
      },
    }))
  for (const feature of FEATURES) elysia.use(feature(deps))
  settleResponseSchemas(elysia, deps.config.checkResponses)
  const logAccess = accessLogger(deps.logger)
  return {
    elysia,
    handle: (request, peerIp = '127.0.0.1') => runInRequestScope(peerIp, async () => {
      const response = await elysia.handle(request)
      logAccess(request, response.status)
      return response
    }, request),
  }
}
