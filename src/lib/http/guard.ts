/**
 * Authentication and rate limits as route options (macros): `{ auth: 'user' }`, `{ auth: 'admin' }` put the
 * signed-in `actor` in the handler's context; `{ rateLimit: limiters }` counts the route's buckets. They run
 * in the contract's order (docs/api/conventions.md §6): 401, then the body's 415/400, then 429, then the admin 403.
 */
import { Elysia } from 'elysia'
import type { Config } from '../../config'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { isAdmin, type Authenticate } from '../actor'
import { ForbiddenError, UnauthenticatedError } from '../errors'
import { noteRequestUser, requestScope } from './request-scope'
import { consumeRateLimits, showRateLimits, type Limiter } from './rate-limit'
import { rateLimitIp, requestIp } from './client-ip'

export type Requirement = 'user' | 'admin'

/** The limiters of one route, from the client's rate-limit address and the decoded body. */
export type LimiterSet = (ip: string, body: Record<string, unknown>) => Limiter[]

export interface GuardDeps { config: Config; clock: Clock; db: Db; authenticate: Authenticate }

/** A body that could not be decoded is answered now, after authentication (it waited in the request scope). */
function raiseBodyError(): void {
  const { bodyError } = requestScope()
  if (bodyError) throw bodyError
}

export function guard(deps: GuardDeps) {
  return new Elysia({ name: 'guard' }).macro({
    auth: (requirement: Requirement) => ({
      // Documents the `bearer` scheme (declared in app.ts) on the operation, so the docs UI can send a token.
      detail: { security: [{ bearer: [] }] },
      resolve: ({ request }) => {
        const actor = deps.authenticate(request.headers.get('authorization'))
        if (!actor) throw new UnauthenticatedError()
        noteRequestUser(actor.user.id)
        raiseBodyError()
        if (requirement === 'admin' && !isAdmin(actor.user.role)) throw new ForbiddenError()
        return { actor }
      },
    }),
    /**
     * For the few routes whose contract answers a body that cannot be decoded only after the verb's own checks
     * (a chatbot toggle without a connection is a 404 first; an export's 400 carries the verb's rate-limit
     * headers): the guard leaves the 415/400 to the verb, which gets `readBody()`, the body or that error.
     */
    bodyCheckedByVerb: (enabled: boolean) => ({
      transform: () => {
        const scope = requestScope()
        if (!enabled) return
        scope.verbBodyError = scope.bodyError
        scope.bodyError = undefined
      },
      resolve: ({ body }) => ({
        readBody: (): Record<string, unknown> => {
          const { verbBodyError } = requestScope()
          if (verbBodyError) throw verbBodyError
          return body as Record<string, unknown>
        },
      }),
    }),
    /**
     * A body that cannot be read is not counted, yet its answer carries the X-RateLimit-* headers like every
     * response of a limited route (11.2); the buckets are then those of an empty body.
     */
    rateLimit: (limiters: LimiterSet) => ({
      resolve: ({ request, body, set }) => {
        const ip = rateLimitIp(requestIp(deps.config, request))
        if (requestScope().bodyError) {
          showRateLimits(deps, set.headers, limiters(ip, {}))
          raiseBodyError()
        }
        consumeRateLimits(deps, set.headers, limiters(ip, body as Record<string, unknown>))
        return {}
      },
    }),
  })
}
