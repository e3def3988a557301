import { beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { users } from '../../src/features/users/schema'
import { decryptSecret } from '../../src/lib/crypto'

const t = useTestApp()
let u: TestUser
beforeEach(async () => {
  u = await createUser(t)
})

const KEY = 'sk-test-abcdefghijklmnopqrstuvwxyz-x9Qz'
const put = (path: string, body: unknown, token = u.token) => t.request('PUT', `/api/v1/users/me/settings/${path}`, { token, body })
const storedCipher = () => t.deps.db.select({ c: users.aiKeyCipher }).from(users).where(eq(users.id, u.id)).get()!.c
const settings = async () => (await t.request('GET', '/api/v1/users/me', { token: u.token })).body.data.settings

describe('AI-provider key', () => {
  test('stored encrypted, shown masked, never in plain text in responses or logs', async () => {
    const r = await put('ai-provider-api-key', { key: KEY })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Key updated successfully.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    const cipher = storedCipher()!
    expect(cipher).not.toContain(KEY)
    expect(cipher).not.toContain('x9Qz')
    expect(cipher.startsWith('v1:')).toBe(true)
    expect(decryptSecret(t.deps.appKey, cipher)).toBe(KEY)
    const me = await t.request('GET', '/api/v1/users/me', { token: u.token })
    expect(me.body.data.settings.ai_enabled).toBe(true)
    expect(me.body.data.settings.openai_api_key).toBe('…x9Qz')
    expect(JSON.stringify(me.body)).not.toContain(KEY)
    expect(t.logs.join('\n')).not.toContain(KEY)
  })

  test('the same key twice gives different ciphertexts (fresh IV)', async () => {
    await put('ai-provider-api-key', { key: KEY })
    const first = storedCipher()
    await put('ai-provider-api-key', { key: KEY })
    expect(storedCipher()).not.toBe(first)
  })

  test('keys shorter than 8 characters are masked as … alone', async () => {
    await put('ai-provider-api-key', { key: 'short12' })
    expect((await settings()).openai_api_key).toBe('…')
    await put('ai-provider-api-key', { key: 'eight_ch' })
    expect((await settings()).openai_api_key).toBe('…t_ch')
  })

  test('the mask counts characters (code points), not UTF-16 units', async () => {
    // 7 characters but 8 UTF-16 units: still "short"
    await put('ai-provider-api-key', { key: 'abcdef😀' })
    expect((await settings()).openai_api_key).toBe('…')
    // the last 4 characters, the emoji counting as one
    await put('ai-provider-api-key', { key: 'abcdefgh😀' })
    expect((await settings()).openai_api_key).toBe('…fgh😀')
  })

  test('null, empty and absent values delete the key', async () => {
    for (const body of [{ key: null }, { key: '' }, { key: '   ' }, {}]) {
      await put('ai-provider-api-key', { key: KEY })
      expect((await settings()).ai_enabled).toBe(true)
      const r = await put('ai-provider-api-key', body)
      expect(r.status).toBe(200)
      expect(storedCipher()).toBeNull()
      const s = await settings()
      expect([s.ai_enabled, s.openai_api_key]).toEqual([false, null])
    }
  })

  test('alias path openai-api-key and alias field api_key', async () => {
    const r = await put('openai-api-key', { api_key: 'alias-key-1234' })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Key updated successfully.')
    expect((await settings()).openai_api_key).toBe('…1234')
    // `key` is read first
    await put('ai-provider-api-key', { key: 'first-key-aaaa', api_key: 'second-key-bbbb' })
    expect((await settings()).openai_api_key).toBe('…aaaa')
    // an empty `key` falls through to `api_key`
    await put('openai-api-key', { key: '', api_key: 'second-key-cccc' })
    expect((await settings()).openai_api_key).toBe('…cccc')
  })

  test('validation: string, max 255, keyed by the name read', async () => {
    const long = await put('ai-provider-api-key', { key: 'k'.repeat(256) })
    expect(long.status).toBe(422)
    expect(long.body.errors).toEqual({ key: ['The key field must not be greater than 255 characters.'] })
    const aliasLong = await put('openai-api-key', { api_key: 'k'.repeat(256) })
    expect(aliasLong.body.errors).toEqual({ api_key: ['The api key field must not be greater than 255 characters.'] })
    const number = await put('ai-provider-api-key', { key: 12345678 })
    expect(number.body.errors).toEqual({ key: ['The key field must be a string.'] })
    expect(storedCipher()).toBeNull()
    const max = await put('ai-provider-api-key', { key: 'k'.repeat(255) })
    expect(max.status).toBe(200)
  })

  test('401 without a token on both paths', async () => {
    expect((await t.request('PUT', '/api/v1/users/me/settings/ai-provider-api-key', { body: { key: KEY } })).status).toBe(401)
    expect((await t.request('PUT', '/api/v1/users/me/settings/openai-api-key', { body: { key: KEY } })).status).toBe(401)
  })
})
