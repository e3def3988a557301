/**
 * What the app's own router says of a path, for the answers it cannot give alone: the methods that route a
 * path (405 with `Allow`) and whether a route declares a body (bodies sent to other routes are never parsed).
 * Everything is read from Elysia's router and route list, not a second table.
 *
 * Elysia has no public API for either, so this reads its route list (`app.routes` with each route's hooks) and
 * its router (`router.static`, `router.http.find`). That is why package.json pins Elysia's exact version: an
 * upgrade is a deliberate change, and test/conventions/endpoints.test.ts (405 and `Allow` for every path of every
 * endpoint) and bodies.test.ts (which routes decode a body) fail when what is read here changes.
 */
import type { AnyElysia } from 'elysia'
import { Value } from '@sinclair/typebox/value'
import type { TSchema } from '@sinclair/typebox'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

interface RouteInfo { method: string; path: string; hooks: { params?: TSchema; body?: unknown; parse?: { fn: unknown }[] } }

/** What a route's body is: JSON, a multipart upload, or nothing it reads. */
export type BodyKind = 'json' | 'formdata' | 'none'

export class RouteIndex {
  private bodyKinds?: Map<string, BodyKind>
  constructor(private readonly app: AnyElysia) {}

  private get routes(): RouteInfo[] {
    return this.app.routes as unknown as RouteInfo[]
  }

  /** From the route's declaration: a `body` schema, read as multipart where it declares `parse: 'formdata'`. */
  bodyKind(method: string, route: string): BodyKind {
    this.bodyKinds ??= new Map(this.routes.filter((r) => r.hooks.body).map((r) =>
      [`${r.method} ${r.path}`, r.hooks.parse?.some((p) => p.fn === 'formdata') ? 'formdata' : 'json']))
    return this.bodyKinds.get(`${method} ${route}`) ?? 'none'
  }

  /** The methods routed for `path` whose path parameters pass their route's id rules, in a stable order. */
  allowedMethods(path: string): string[] {
    const router = this.app.router as unknown as {
      static: Record<string, Record<string, number> | undefined>
      http: { find(method: string, path: string): { params: Record<string, string> } | null }
    }
    return METHODS.filter((method) => {
      if (router.static[path]?.[method] !== undefined) return true
      const found = router.http.find(method, path)
      return found !== null && this.paramsPass(method, path, found.params)
    })
  }

  /** The route of `method` that yields these params for this path must accept them (a malformed id is no match). */
  private paramsPass(method: string, path: string, params: Record<string, string>): boolean {
    const decoded: Record<string, string> = {}
    try {
      for (const [k, v] of Object.entries(params)) decoded[k] = decodeURIComponent(v)
    } catch {
      return false
    }
    const route = this.routes.find((r) => r.method === method && fill(r.path, params) === path)
    return !route?.hooks.params || Value.Check(route.hooks.params, decoded)
  }
}

const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)|\*$/g, (_, name: string | undefined) => params[name ?? '*'] ?? '')
