/** Assertions on the contract's error envelope, shared by the feature tests. */
import { expect } from 'bun:test'

interface Answer { status: number; body: any }

export function expectError(r: Answer, status: number, code: string, message?: string): void {
  expect(r.status).toBe(status)
  expect(r.body.success).toBe(false)
  expect(r.body.code).toBe(code)
  if (message !== undefined) expect(r.body.message).toBe(message)
}

/** A 422 whose `errors` map is exactly `errors` (one message per field). */
export function expectInvalid(r: Answer, errors: Record<string, string>): void {
  expectError(r, 422, 'validation_failed', 'The given data was invalid.')
  expect(r.body.errors).toEqual(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])))
}

export function expectUnauthenticated(r: Answer): void {
  expect(r.status).toBe(401)
  expect(r.body).toEqual({ success: false, message: 'Unauthenticated.', code: 'unauthenticated', timestamp: expect.any(String) })
}

export function expectNotFound(r: Answer, message = 'The requested resource was not found.'): void {
  expectError(r, 404, 'not_found', message)
}
