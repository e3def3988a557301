/**
 * Our own view of the route table, for what the router cannot tell us: 405 with `Allow` for a known path,
 * and path parameters that only count as matching when they pass the id rules (conventions.md 1, 7).
 */
import { INT_ID_RE, UUID_RE } from '../crypto'

export type ParamRule = (value: string) => boolean

/** Path parameter names and the values they accept; names not listed accept any segment. */
export const paramRules: Record<string, ParamRule> = {
  user: (v) => UUID_RE.test(v),
  passkey: (v) => UUID_RE.test(v),
  itemId: (v) => UUID_RE.test(v),
  id: (v) => INT_ID_RE.test(v),
  friendRequest: (v) => INT_ID_RE.test(v),
}

/** Routes that answer an unknown, so also a malformed, id with their own 404 message. */
export const malformedIdMessages: Record<string, string> = {
  'GET /api/v1/export/:id/download': 'Export not found.', // export.md 5
}

interface CompiledRoute { method: string; segments: string[]; wildcard: boolean; key: string }

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

export class RouteTable {
  private routes: CompiledRoute[]
  private cache = new Map<string, string[]>()

  constructor(routes: { method: string; path: string }[], private rules: Record<string, ParamRule> = paramRules) {
    this.routes = routes.filter((r) => METHOD_ORDER.includes(r.method)).map((r) => {
      const segments = r.path.split('/').filter(Boolean)
      const wildcard = segments.at(-1) === '*'
      return { method: r.method, segments: wildcard ? segments.slice(0, -1) : segments, wildcard, key: `${r.method} ${r.path}` }
    })
  }

  /** The methods routed for this path, in a stable order (empty: unknown path). */
  methodsFor(path: string): string[] {
    const cached = this.cache.get(path)
    if (cached) return cached
    const parts = path.split('/').filter(Boolean)
    const found = new Set<string>()
    let viaParam = false
    for (const route of this.routes) {
      if (!this.matches(route, parts)) continue
      found.add(route.method)
      viaParam ||= route.wildcard || route.segments.some((seg) => seg.startsWith(':'))
    }
    const methods = METHOD_ORDER.filter((m) => found.has(m))
    // Only paths answered by static routes alone are cached, so the cache cannot grow with ids or with
    // random unknown paths beyond its cap.
    if (!viaParam && this.cache.size < 1000) this.cache.set(path, methods)
    return methods
  }

  /**
   * True when a route of this method has the path's shape but a parameter fails its id rule: an unknown id
   * (404), not a wrong method (conventions.md 1: `PUT /v1/users/me` is a 404 although `GET /v1/users/me` exists).
   */
  hasMalformedId(method: string, path: string): boolean {
    const parts = path.split('/').filter(Boolean)
    return this.routes.some((r) => r.method === method && this.matches(r, parts, false))
  }

  /** For a path no route of `method` matched: the own 404 message of a route it only misses by a malformed id. */
  malformedIdMessage(method: string, path: string): string | undefined {
    const parts = path.split('/').filter(Boolean)
    const route = this.routes.find((r) => r.method === method && malformedIdMessages[r.key] && this.matches(r, parts, false))
    return route && malformedIdMessages[route.key]
  }

  private matches(route: CompiledRoute, parts: string[], checkParams = true): boolean {
    if (route.wildcard ? parts.length <= route.segments.length : parts.length !== route.segments.length) return false
    return route.segments.every((seg, i) => {
      const part = parts[i]!
      if (!seg.startsWith(':')) return seg === part
      if (!checkParams) return true
      const rule = this.rules[seg.slice(1)]
      let decoded: string
      try { decoded = decodeURIComponent(part) } catch { return false }
      return rule ? rule(decoded) : true
    })
  }
}
