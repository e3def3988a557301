import { Elysia } from 'elysia'
import type { Deps } from '../deps'
import { ForbiddenError, UnauthenticatedError } from '../errors'
import { authenticateToken, type Actor } from '../../features/auth/tokens'
import { requestContext } from './context'

export type Requirement = 'user' | 'admin'

export function isAdmin(role: string): boolean {
  return role === 'admin' || role === 'super_admin'
}

/** The actor of a request, or 401; with 'admin', a non-admin gets 403 (conventions.md 9–10). */
export function requireActor(deps: Deps, request: Request, requirement: Requirement = 'user'): Actor {
  const actor = authenticateToken(deps, request.headers.get('authorization'))
  if (!actor) throw new UnauthenticatedError()
  requestContext(request).userId = actor.user.id
  if (requirement === 'admin' && !isAdmin(actor.user.role)) throw new ForbiddenError()
  return actor
}

/**
 * Bearer authentication as a route option: `{ auth: 'user' }` or `{ auth: 'admin' }` puts `actor` in the
 * handler's context and documents the `bearer` scheme (declared in app.ts) on the OpenAPI operation.
 */
export function authPlugin(deps: Deps) {
  return new Elysia({ name: 'auth' }).macro({
    auth: (requirement: Requirement) => ({
      detail: { security: [{ bearer: [] }] },
      resolve: ({ request }) => ({ actor: requireActor(deps, request, requirement) }),
    }),
  })
}
