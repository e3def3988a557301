import { describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'

const t = useTestApp()

describe('GET /api/v1/users/me', () => {
  test('the full user object with default profile and settings', async () => {
    const u = await createUser(t, { name: 'Ada', email: 'Ada@Example.com' })
    const r = await t.request('GET', '/api/v1/users/me', { token: u.token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: true,
      message: 'User retrieved successfully.',
      data: {
        id: u.id, name: 'Ada', email: 'Ada@Example.com', role: 'user', confirmed: true,
        created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:00:00.000Z',
        profile: { profile_image_path: null, profile_image_url: null },
        settings: {
          language: 'en', timezone: 'UTC', date_format: 'dd.mm.YYYY', time_format: 'H:i', navigation: null,
          ai_enabled: false, openai_api_key: null, first_visit: true, temperature_unit: 'c',
          weather_city: null, weather_latitude: null, weather_longitude: null,
        },
        pending_email: null,
      },
      timestamp: '2026-06-24T10:00:00.000Z',
    })
    expect(r.headers.get('cache-control')).toBe('no-store')
  })

  test('unverified users show confirmed false; the account timezone is returned', async () => {
    const u = await createUser(t, { verified: false, timezone: 'Europe/Berlin' })
    const r = await t.request('GET', '/api/v1/users/me', { token: u.token })
    expect(r.body.data.confirmed).toBe(false)
    expect(r.body.data.settings.timezone).toBe('Europe/Berlin')
  })

  test('401 without or with a bad token', async () => {
    const none = await t.request('GET', '/api/v1/users/me')
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('unauthenticated')
    const bad = await t.request('GET', '/api/v1/users/me', { token: '1|' + 'a'.repeat(40) })
    expect(bad.status).toBe(401)
  })
})
