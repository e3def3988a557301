import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'

const t = useTestApp()
let u: TestUser
beforeEach(async () => {
  u = await createUser(t)
})

const PATH = '/api/v1/users/me/settings/check-in'
const get = (token = u.token) => t.request('GET', PATH, { token })
const put = (body: unknown, token = u.token) => t.request('PUT', PATH, { token, body })
const SPORTS5 = ['yoga', 'bike', 'mountain', 'footprints', 'dumbbell']

describe('GET check-in settings', () => {
  test('defaults', async () => {
    const r = await get()
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: true, message: 'Check-in settings retrieved successfully.', timestamp: '2026-06-24T10:00:00.000Z',
      data: {
        enabled_trackers: ['mood', 'sports', 'water', 'sleep', 'dreams', 'work', 'food_quality', 'food_amount'],
        selected_sports: ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder'],
      },
    })
  })

  test('401 without a token', async () => {
    expect((await t.request('GET', PATH)).status).toBe(401)
    expect((await t.request('PUT', PATH, { body: {} })).status).toBe(401)
  })
})

describe('PUT check-in settings', () => {
  test('stored in the order sent, returned, and read back; other users keep theirs', async () => {
    const other = await createUser(t)
    const body = { enabled_trackers: ['social_life', 'mood', 'menstruation'], selected_sports: SPORTS5 }
    const r = await put(body)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Check-in settings updated successfully.', data: body, timestamp: '2026-06-24T10:00:00.000Z' })
    expect((await get()).body.data).toEqual(body)
    expect((await get(other.token)).body.data.selected_sports).toEqual(['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder'])
  })

  test('every tracker and sport name is accepted', async () => {
    const all = ['mood', 'sports', 'water', 'sleep', 'dreams', 'work', 'food_quality', 'food_amount', 'menstruation', 'alcohol', 'smoking', 'social_life']
    const r = await put({ enabled_trackers: all, selected_sports: ['waves_ladder', 'yoga', 'bike', 'mountain', 'footprints'] })
    expect(r.status).toBe(200)
    expect(r.body.data.enabled_trackers).toEqual(all)
  })

  test('required and array', async () => {
    const r = await put({})
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      enabled_trackers: ['The enabled trackers field is required.'],
      selected_sports: ['The selected sports field is required.'],
    })
    const notArrays = await put({ enabled_trackers: 'mood', selected_sports: { a: 1 } })
    expect(notArrays.body.errors).toEqual({
      enabled_trackers: ['The enabled trackers field must be an array.'],
      selected_sports: ['The selected sports field must be an array.'],
    })
  })

  test('sizes: at least 1 tracker, exactly 5 sports', async () => {
    const r = await put({ enabled_trackers: [], selected_sports: ['bike', 'yoga'] })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      enabled_trackers: ['The enabled trackers field must have at least 1 items.'],
      selected_sports: ['The selected sports field must contain 5 items.'],
    })
    const six = await put({ enabled_trackers: ['mood'], selected_sports: [...SPORTS5, 'waves_ladder'] })
    expect(six.body.errors).toEqual({ selected_sports: ['The selected sports field must contain 5 items.'] })
  })

  test('unknown items are reported by position', async () => {
    const r = await put({ enabled_trackers: ['mood', 'water', 'coffee', 7], selected_sports: ['yoga', 'bike', 'chess', 'mountain', 'footprints'] })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      'enabled_trackers.2': ['The selected enabled trackers.2 is invalid.'],
      'enabled_trackers.3': ['The selected enabled trackers.3 is invalid.'],
      'selected_sports.2': ['The selected selected sports.2 is invalid.'],
    })
  })

  test('duplicates are refused', async () => {
    const r = await put({ enabled_trackers: ['mood', 'water', 'mood'], selected_sports: ['yoga', 'bike', 'yoga', 'mountain', 'footprints'] })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      enabled_trackers: ['The enabled trackers field has a duplicate value.'],
      selected_sports: ['The selected sports field has a duplicate value.'],
    })
    expect((await get()).body.data.enabled_trackers).toHaveLength(8)
  })
})
