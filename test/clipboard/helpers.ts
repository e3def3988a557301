import { expect } from 'bun:test'
import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'
import { imageForm, png, type Bytes } from './images'

export async function addText(t: TestApp, user: TestUser, content: string): Promise<any> {
  const r = await t.request('POST', '/api/v1/clipboard', { token: user.token, body: { content } })
  if (r.status !== 200) throw new Error(`text entry not created: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

export function upload(t: TestApp, user: TestUser, bytes: Bytes, name?: string, type?: string): Promise<TestResponse> {
  return t.request('POST', '/api/v1/clipboard/image', { token: user.token, body: imageForm(bytes, name, type) })
}

export async function addImage(t: TestApp, user: TestUser, bytes: Bytes = png()): Promise<any> {
  const r = await upload(t, user, bytes)
  if (r.status !== 200) throw new Error(`image entry not created: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

/** Asserts a 422 whose `errors` map is exactly `errors`. */
export function expectInvalid(r: TestResponse, errors: Record<string, string>): void {
  expect(r.status).toBe(422)
  expect(r.body.code).toBe('validation_failed')
  expect(r.body.message).toBe('The given data was invalid.')
  expect(r.body.errors).toEqual(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])))
}

export function expectUnauthenticated(r: TestResponse): void {
  expect(r.status).toBe(401)
  expect(r.body).toEqual({ success: false, message: 'Unauthenticated.', code: 'unauthenticated', timestamp: expect.any(String) })
}

export function expectNotFound(r: TestResponse, message = 'The requested resource was not found.'): void {
  expect(r.status).toBe(404)
  expect(r.body.code).toBe('not_found')
  expect(r.body.message).toBe(message)
}
