import { expect } from 'bun:test'
import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'

export const DETECT = '/api/v1/dashboard/quick-add/detect'
export const COMMIT = '/api/v1/dashboard/quick-add/commit'

export const detect = (t: TestApp, user: TestUser | null, body: unknown) =>
  t.request('POST', DETECT, { token: user?.token, body })

export const commit = (t: TestApp, user: TestUser | null, body: unknown) =>
  t.request('POST', COMMIT, { token: user?.token, body })

/** Commits and expects 201; returns the created item. */
export async function commitOk(t: TestApp, user: TestUser, body: unknown): Promise<any> {
  const r = await commit(t, user, body)
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  expect(r.body.message).toBe('Content added successfully.')
  return r.body.data
}

export const show = (t: TestApp, user: TestUser, library: string, id: string) =>
  t.request('GET', `/api/v1/libraries/${library}/${id}`, { token: user.token })

export function expect422(r: TestResponse, errors: Record<string, string[]>) {
  expect(r.status).toBe(422)
  expect(r.body.code).toBe('validation_failed')
  expect(r.body.message).toBe('The given data was invalid.')
  expect(r.body.errors).toEqual(errors)
}

export function expect401(r: TestResponse) {
  expect(r.status).toBe(401)
  expect(r.body.code).toBe('unauthenticated')
}

export function expect404(r: TestResponse) {
  expect(r.status).toBe(404)
  expect(r.body).toMatchObject({ success: false, code: 'not_found', message: 'The requested resource was not found.' })
}

export interface PageServer {
  url: string
  hits: { path: string; headers: Headers }[]
  stop(): void
}

type Route = (request: Request, url: URL) => Response | Promise<Response>

/** A loopback HTTP server answering by path; every request is recorded. */
export function servePages(routes: Record<string, Route>, hostname = '127.0.0.1'): PageServer {
  const hits: PageServer['hits'] = []
  const server = Bun.serve({
    port: 0,
    hostname,
    idleTimeout: 30,
    fetch(request) {
      const url = new URL(request.url)
      hits.push({ path: url.pathname + url.search, headers: request.headers })
      const route = routes[url.pathname]
      return route ? route(request, url) : new Response('not here', { status: 404 })
    },
  })
  const host = hostname.includes(':') ? `[${hostname}]` : hostname
  return { url: `http://${host}:${server.port}`, hits, stop: () => server.stop(true) }
}

export const html = (body: string | Uint8Array, type = 'text/html; charset=utf-8', status = 200) =>
  new Response(typeof body === 'string' ? body : new Uint8Array(body), { status, headers: { 'content-type': type } })
