import { Elysia } from 'elysia'
import { openapi } from '@elysiajs/openapi'
import type { Deps } from './lib/deps'
import { VERSION } from './version'
import { errorHandler } from './lib/http/error-handler'
import { createFrontDoor, type Handler } from './lib/http/front-door'
import { RouteTable } from './lib/http/routing'
import { healthRoutes } from './features/health/routes'
import { authRoutes } from './features/auth/routes'
import { passkeyRoutes } from './features/auth/passkey-routes'
import { usersRoutes } from './features/users/routes'
import { storageRoutes } from './features/users/storage-routes'
import { friendsRoutes } from './features/friends/routes'
import { clipboardRoutes } from './features/clipboard/routes'
import { checkInRoutes } from './features/check-in/routes'
import { chatbotRoutes } from './features/chatbot/routes'
import { exportRoutes } from './features/export/routes'
import { quickAddRoutes } from './features/quick-add/routes'
import { librariesRoutes } from './features/libraries/routes'

export interface App {
  /** Answers one request; `peerIp` is the TCP peer (tests pass their own). */
  handle: Handler
  elysia: Elysia<any, any, any, any, any, any, any>
}

/** Builds the HTTP app without listening (tests call app.handle(new Request(...))). */
export function createApp(deps: Deps): App {
  // Response schemas are validated and stripped as before; encodeSchema only serves t.Transform (unused here)
  // and its dynamic Encode pass costs more than the rest of a large list response (bench/clipboard-check-in.ts).
  const elysia = new Elysia({ normalize: true, encodeSchema: false })
    .use(errorHandler(deps))
    .use(openapi({
      path: '/api/docs',
      specPath: '/api/docs/json',
      documentation: {
        info: { title: 'daybook API', version: VERSION, description: 'Self-hosted personal life-tracking backend.' },
        // Routes with `auth` declare this scheme (lib/http/auth.ts), so the UI can send a token.
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: '{id}|{secret}' } } },
      },
    }))
    .use(healthRoutes(deps))
    .use(authRoutes(deps))
    .use(passkeyRoutes(deps))
    .use(usersRoutes(deps))
    .use(storageRoutes(deps))
    .use(friendsRoutes(deps))
    .use(clipboardRoutes(deps))
    .use(checkInRoutes(deps))
    .use(chatbotRoutes(deps))
    .use(exportRoutes(deps))
    .use(quickAddRoutes(deps))
    .use(librariesRoutes(deps))
  const table = new RouteTable(elysia.routes.map((r) => ({ method: r.method, path: r.path })))
  const handle = createFrontDoor(deps, table, (request) => elysia.handle(request))
  return { handle, elysia }
}
