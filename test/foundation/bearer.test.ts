import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { authenticateToken, issueToken, pruneExpiredTokens } from '../../src/features/auth/tokens'
import { accessTokens } from '../../src/features/auth/schema'
import { DAY, MINUTE } from '../../src/lib/clock'

const t = useTestApp()

const auth = (header: string | null) => authenticateToken(t.deps, header)

describe('bearer tokens (docs/api/conventions.md §9)', () => {
  test('format {id}|{40 alnum}; only the SHA-256 of the secret is stored', async () => {
    const u = await createUser(t)
    expect(u.token).toMatch(/^[0-9]+\|[A-Za-z0-9]{40}$/)
    const row = t.deps.db.select().from(accessTokens).where(eq(accessTokens.id, u.tokenId)).get()!
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.secretHash).not.toContain(u.token.split('|')[1]!)
  })

  test('scheme is case-insensitive with any number of spaces; malformed, unknown and wrong secrets fail', async () => {
    const u = await createUser(t)
    expect(auth(`Bearer ${u.token}`)?.user.id).toBe(u.id)
    expect(auth(`bearer    ${u.token}`)?.user.id).toBe(u.id)
    expect(auth(`BEARER ${u.token}`)?.tokenId).toBe(u.tokenId)
    for (const bad of [null, '', u.token, `Basic ${u.token}`, `Bearer ${u.token}x`, `Bearer 999|${'a'.repeat(40)}`,
      `Bearer ${u.tokenId}|${'a'.repeat(40)}`, `Bearer ${u.token.slice(0, -1)}`]) {
      expect(auth(bad)).toBeUndefined()
    }
  })

  test('lifetime per platform and expiry by the clock; the prune job removes expired rows', async () => {
    const u = await createUser(t)
    const app = issueToken(t.deps, u.id, 'mobile')
    expect(app.expiresAt - t.clock.now()).toBe(90 * DAY)
    t.clock.advance(7 * DAY - 1)
    expect(auth(`Bearer ${u.token}`)).toBeDefined()
    t.clock.advance(1)
    expect(auth(`Bearer ${u.token}`)).toBeUndefined()
    expect(auth(`Bearer ${app.token}`)?.platform).toBe('mobile')
    expect(pruneExpiredTokens(t.deps)).toBe(0) // expires_at == now is not yet "older"
    t.clock.advance(1)
    expect(pruneExpiredTokens(t.deps)).toBe(1)
  })

  test('last_used_at is written at most once a minute', async () => {
    const u = await createUser(t)
    const lastUsed = () => t.deps.db.select().from(accessTokens).where(eq(accessTokens.id, u.tokenId)).get()!.lastUsedAt
    const start = t.clock.now()
    auth(`Bearer ${u.token}`)
    expect(lastUsed()).toBe(start)
    t.clock.advance(MINUTE - 1)
    auth(`Bearer ${u.token}`)
    expect(lastUsed()).toBe(start)
    t.clock.advance(1)
    auth(`Bearer ${u.token}`)
    expect(lastUsed()).toBe(start + MINUTE)
  })
})
