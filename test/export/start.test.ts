import { beforeEach, describe, expect, test } from 'bun:test'
import { T0 } from '../helpers/app'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { DAY, HOUR } from '../../src/lib/clock'
import { exportJobs } from '../../src/features/export/schema'
import { expectError, exportStatus, jobRow, requestExport, runJob, startExport } from './helpers'

const ALL = ['checkIn', 'clipboard', 'todos', 'notes', 'links', 'music', 'books', 'movies', 'games', 'recipes', 'quotes', 'plants', 'feeds', 'friends', 'profile']

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
})

describe('POST /v1/export', () => {
  test('201 with the pending job and the rate-limit headers', async () => {
    const r = await requestExport(t, alice, { features: ['checkIn', 'clipboard'] })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      success: true, message: 'Export started.', data: { id: expect.any(Number), status: 'pending', features: ['checkIn', 'clipboard'] },
      timestamp: '2026-06-24T10:00:00.000Z',
    })
    expect(r.headers.get('x-ratelimit-limit')).toBe('1')
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(jobRow(t, r.body.data.id)).toMatchObject({ userId: alice.id, status: 'pending', createdAt: T0, startedAt: null })
  })

  test('absent, null or empty features mean every supported feature, in table order', async () => {
    for (const body of [undefined, {}, { features: null }, { features: '  ' }]) {
      const r = await requestExport(t, alice, body)
      expect(r.status).toBe(201)
      expect(r.body.data.features).toEqual(ALL)
      t.deps.db.delete(exportJobs).run()
    }
  })

  test('duplicates are removed in order of first appearance; skipped names are accepted and kept', async () => {
    const r = await requestExport(t, alice, { features: ['profile', ' checkIn ', 'calendars', 'profile', 'checkIn', 'financesWealth'] })
    expect(r.status).toBe(201)
    expect(r.body.data.features).toEqual(['profile', 'checkIn', 'calendars', 'financesWealth'])
    expect(JSON.parse(jobRow(t, r.body.data.id)!.features)).toEqual(['profile', 'checkIn', 'calendars', 'financesWealth'])
  })

  test('422 with the specific text as message and in errors.features', async () => {
    const cases: [unknown, string][] = [
      ['checkIn', 'Features must be a non-empty array.'],
      [[], 'Features must be a non-empty array.'],
      [{ checkIn: true }, 'Features must be a non-empty array.'],
      [['checkIn', 3], 'Features must be a non-empty array.'],
      [['checkIn', null], 'Features must be a non-empty array.'],
      [['calendar', 'checkIn', 'foo', 'calendar', 'CheckIn'], 'Invalid features: calendar, foo, CheckIn'],
    ]
    for (const [features, message] of cases) {
      const r = await requestExport(t, alice, { features })
      expectError(r, 422, 'validation_failed', message)
      expect(r.body.errors).toEqual({ features: [message] })
    }
    expect(t.deps.db.select().from(exportJobs).all()).toEqual([])
  })

  test('401 without a token; 400/415 for a bad body after authentication', async () => {
    expectError(await t.request('POST', '/api/v1/export', { body: {} }), 401, 'unauthenticated', 'Unauthenticated.')
    expectError(await t.request('POST', '/api/v1/export', { token: alice.token, body: '[1]' }), 400, 'malformed_json')
    expectError(await t.request('POST', '/api/v1/export', { token: alice.token, body: '{}', headers: { 'content-type': 'application/xml' } }), 415, 'unsupported_media_type')
  })
})

describe('one export per 24 hours', () => {
  test('429 with Retry-After until the newest counted job is 24 hours old', async () => {
    await startExport(t, alice)
    t.clock.advance(HOUR + 500)
    const r = await requestExport(t, alice)
    expectError(r, 429, 'rate_limited', 'You can only export once every 24 hours. Please try again later.')
    expect(r.headers.get('retry-after')).toBe(String(Math.ceil((DAY - HOUR - 500) / 1000)))
    expect(r.headers.get('x-ratelimit-limit')).toBe('1')
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0')
    t.clock.set(T0 + DAY - 1)
    expect((await requestExport(t, alice)).headers.get('retry-after')).toBe('1')
    t.clock.set(T0 + DAY)
    expect((await requestExport(t, alice)).status).toBe(201)
  })

  test('400, 415 and 422 carry the limit headers too: 1 remaining without a counted job, 0 with one', async () => {
    const before = await requestExport(t, alice, { features: ['nope'] })
    expectError(before, 422, 'validation_failed', 'Invalid features: nope')
    expect(before.headers.get('x-ratelimit-limit')).toBe('1')
    expect(before.headers.get('x-ratelimit-remaining')).toBe('1')
    await startExport(t, alice, ['profile'])
    const after = await requestExport(t, alice, { features: [] })
    expectError(after, 422, 'validation_failed', 'Features must be a non-empty array.')
    expect(after.headers.get('x-ratelimit-limit')).toBe('1')
    expect(after.headers.get('x-ratelimit-remaining')).toBe('0')
    // failed jobs do not count
    t.deps.db.update(exportJobs).set({ status: 'failed', error: 'Export could not be created.' }).run()
    expect((await requestExport(t, alice, { features: 'x' })).headers.get('x-ratelimit-remaining')).toBe('1')
    // a body that cannot be read is answered with them too; without a user (401) there is no limit to show
    const malformed = await t.request('POST', '/api/v1/export', { token: alice.token, body: '[' })
    expectError(malformed, 400, 'malformed_json')
    expect(malformed.headers.get('x-ratelimit-remaining')).toBe('1')
    const xml = await t.request('POST', '/api/v1/export', { token: alice.token, body: '<a/>', headers: { 'content-type': 'application/xml' } })
    expectError(xml, 415, 'unsupported_media_type')
    expect(xml.headers.get('x-ratelimit-limit')).toBe('1')
    expect((await t.request('POST', '/api/v1/export', { body: {} })).headers.get('x-ratelimit-limit')).toBeNull()
  })

  test('in-progress and completed jobs count; validation comes first', async () => {
    await startExport(t, alice, ['profile'])
    t.deps.db.update(exportJobs).set({ status: 'in-progress', startedAt: T0 }).run()
    expect((await requestExport(t, alice)).status).toBe(429)
    t.deps.db.update(exportJobs).set({ status: 'pending', startedAt: null }).run()
    expect((await runJob(t)).status).toBe('completed')
    expect((await requestExport(t, alice)).status).toBe(429)
    expectError(await requestExport(t, alice, { features: [] }), 422, 'validation_failed')
  })

  test('a failed job does not count', async () => {
    const id = await startExport(t, alice)
    t.deps.db.update(exportJobs).set({ status: 'failed', error: 'Export could not be created.' }).run()
    const again = await requestExport(t, alice)
    expect(again.status).toBe(201)
    expect(again.body.data.id).toBeGreaterThan(id)
  })

  test('the limit is per user', async () => {
    const bob = await createUser(t, { name: 'Bob' })
    await startExport(t, alice)
    expect((await requestExport(t, bob)).status).toBe(201)
  })

  test('concurrent requests: exactly one passes', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestExport(t, alice)))
    expect(answers.map((r) => r.status).sort()).toEqual([201, 429, 429, 429, 429, 429, 429, 429])
    expect(t.deps.db.select().from(exportJobs).all()).toHaveLength(1)
  })
})

describe('GET /v1/export/status', () => {
  test('null when the user has no export', async () => {
    const r = await t.request('GET', '/api/v1/export/status', { token: alice.token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'No exports found.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
  })

  test('the latest job as the job object; other users\' jobs are invisible', async () => {
    const bob = await createUser(t, { name: 'Bob' })
    const first = await startExport(t, alice, ['checkIn'])
    t.deps.db.update(exportJobs).set({ status: 'failed', error: 'Export could not be created.', startedAt: T0 }).run()
    t.clock.advance(1000)
    const second = await startExport(t, alice, ['profile', 'calendars'])
    await startExport(t, bob)
    const r = await t.request('GET', '/api/v1/export/status', { token: alice.token })
    expect(r.body.message).toBe('Export status.')
    expect(r.body.data).toEqual({
      id: second, status: 'pending', features: ['profile', 'calendars'], created_at: '2026-06-24T10:00:01.000Z',
      started_at: null, completed_at: null, expires_at: null, is_expired: false, size_bytes: null, error: null,
    })
    expect(second).toBeGreaterThan(first)
  })

  test('same created_at: the highest id wins', async () => {
    const first = await startExport(t, alice)
    t.deps.db.update(exportJobs).set({ status: 'failed' }).run()
    const second = await startExport(t, alice)
    expect((await exportStatus(t, alice)).id).toBe(Math.max(first, second))
  })

  test('a failed job shows its error', async () => {
    await startExport(t, alice)
    t.deps.db.update(exportJobs).set({ status: 'failed', error: 'Export timed out.', startedAt: T0 }).run()
    expect(await exportStatus(t, alice)).toMatchObject({ status: 'failed', error: 'Export timed out.', started_at: '2026-06-24T10:00:00.000Z', expires_at: null })
  })

  test('401 without a token', async () => {
    expectError(await t.request('GET', '/api/v1/export/status'), 401, 'unauthenticated')
  })
})
