/** docs/api/conventions.md §1: the OpenAPI document at /api/docs/json documents every endpoint of the index. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { call } from './common'
import { ENDPOINTS, openApiShape } from './endpoint-index'

let t: TestApp
let doc: any
beforeAll(async () => {
  t = createTestApp()
  const r = await call(t, 'GET', '/api/docs/json')
  expect(r.status).toBe(200)
  doc = r.body
})
afterAll(() => t.close())

/** The documented operation for an index entry, matching paths with parameter names ignored. */
function operation(method: string, path: string): any {
  const key = Object.keys(doc.paths).find((p) => openApiShape(p) === openApiShape(path))
  return key ? doc.paths[key][method.toLowerCase()] : undefined
}

describe('OpenAPI document', () => {
  test('is an OpenAPI 3 document served without a token', () => {
    expect(doc.openapi).toStartWith('3.')
    expect(doc.info.title).toBe('daybook API')
  })

  test('every route of the endpoint index is documented', () => {
    const missing = ENDPOINTS.filter((ep) => !operation(ep.method, ep.path)).map((ep) => `${ep.method} ${ep.path}`)
    expect(missing).toEqual([])
  })

  test('protected operations declare bearer authentication; public ones do not', () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    for (const ep of ENDPOINTS) {
      const security = operation(ep.method, ep.path).security ?? doc.security ?? []
      expect({ endpoint: `${ep.method} ${ep.path}`, bearer: security.some((s: object) => 'bearer' in s) })
        .toEqual({ endpoint: `${ep.method} ${ep.path}`, bearer: ep.auth !== 'public' })
    }
  })
})
