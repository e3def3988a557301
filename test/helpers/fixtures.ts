/**
 * Test fixtures that put a user (and a bearer token) straight into the database, so feature tests do not
 * depend on the registration flow. Everything else in tests goes through HTTP.
 */
import { users } from '../../src/features/users/schema'
import { issueToken, type Platform } from '../../src/features/auth/tokens'
import { hashPassword } from '../../src/lib/passwords'
import { uuidv7 } from '../../src/lib/crypto'
import type { TestApp } from './app'

export const PASSWORD = 'correct horse battery staple'
/** Hashed once per process at the test apps' (cheap) cost; logins verify it at that cost. */
let passwordHash: string | undefined

export interface TestUser { id: string; email: string; name: string; token: string; tokenId: number; password: string }

let counter = 0

export async function createUser(t: TestApp, opts: { role?: 'user' | 'admin' | 'super_admin'; email?: string; name?: string; verified?: boolean; platform?: Platform; timezone?: string } = {}): Promise<TestUser> {
  passwordHash ??= await hashPassword(t.deps, PASSWORD)
  counter += 1
  const now = t.clock.now()
  const id = uuidv7(now)
  const email = opts.email ?? `user${counter}-${id.slice(-6)}@example.com`
  const name = opts.name ?? `User ${counter}`
  t.deps.db.insert(users).values({
    id, name, email, emailKey: email.toLowerCase(), passwordHash, role: opts.role ?? 'user',
    emailVerifiedAt: opts.verified === false ? null : now, createdAt: now, updatedAt: now,
    timezone: opts.timezone ?? t.config.defaultTimezone,
  }).run()
  const issued = issueToken(t.deps, id, opts.platform ?? 'web')
  return { id, email, name, token: issued.token, tokenId: issued.id, password: PASSWORD }
}

/** Another token for an existing user. */
export function newToken(t: TestApp, userId: string, platform: Platform = 'web'): { token: string; id: number } {
  const issued = issueToken(t.deps, userId, platform)
  return { token: issued.token, id: issued.id }
}
