import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectInvalid, expectUnauthenticated, list, post } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const dates = async (query = '', user: TestUser = alice) => (await list(t, user, query)).body.data.map((e: any) => e.date)

async function seed(user: TestUser, ...days: string[]) {
  for (const date of days) expect((await post(t, user, { date, mood: 3 })).status).toBe(201)
}

describe('GET /v1/check-in', () => {
  test('empty list; not paginated', async () => {
    const r = await list(t, alice)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Check-in data retrieved successfully.', data: [], timestamp: '2026-06-24T10:00:00.000Z' })
  })

  test('all entries, newest date first, whatever the order they were written in', async () => {
    await seed(alice, '2026-06-02', '2025-12-31', '2026-06-24', '2026-01-01', '2026-06-03')
    expect(await dates()).toEqual(['2026-06-24', '2026-06-03', '2026-06-02', '2026-01-01', '2025-12-31'])
  })

  test('more entries than any page size are all returned', async () => {
    const days = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10))
    await seed(alice, ...days)
    const r = await list(t, alice)
    expect(r.body.data).toHaveLength(120)
    expect(r.body).not.toHaveProperty('meta')
  })

  test('from and to are inclusive bounds', async () => {
    await seed(alice, '2026-05-31', '2026-06-01', '2026-06-15', '2026-06-30', '2026-07-01')
    expect(await dates('?from=2026-06-01')).toEqual(['2026-07-01', '2026-06-30', '2026-06-15', '2026-06-01'])
    expect(await dates('?to=2026-06-15')).toEqual(['2026-06-15', '2026-06-01', '2026-05-31'])
    expect(await dates('?from=2026-06-01&to=2026-06-30')).toEqual(['2026-06-30', '2026-06-15', '2026-06-01'])
    expect(await dates('?from=2026-06-15&to=2026-06-15')).toEqual(['2026-06-15'])
    expect(await dates('?from=2026-06-02&to=2026-06-14')).toEqual([])
    expect(await dates('?from=&to=')).toHaveLength(5) // empty counts as absent
  })

  test('invalid dates and a to before from → 422', async () => {
    expectInvalid(await list(t, alice, '?from=2026-02-30'), { from: 'The from field must be a valid date in the format YYYY-MM-DD.' })
    expectInvalid(await list(t, alice, '?to=2026-6-4'), { to: 'The to field must be a valid date in the format YYYY-MM-DD.' })
    expectInvalid(await list(t, alice, '?from=yesterday&to=2026-06-24T00:00:00Z'), {
      from: 'The from field must be a valid date in the format YYYY-MM-DD.',
      to: 'The to field must be a valid date in the format YYYY-MM-DD.',
    })
    expectInvalid(await list(t, alice, '?from=2026-06-24&to=2026-06-23'), { to: 'The to field must be a date after or equal to from.' })
    // with an invalid from there is nothing to compare to
    expectInvalid(await list(t, alice, '?from=nope&to=2026-06-23'), { from: 'The from field must be a valid date in the format YYYY-MM-DD.' })
  })

  test('only the caller\'s own entries', async () => {
    const bob = await createUser(t)
    await seed(alice, '2026-06-01', '2026-06-02')
    await seed(bob, '2026-06-02', '2026-06-03')
    expect(await dates()).toEqual(['2026-06-02', '2026-06-01'])
    expect(await dates('', bob)).toEqual(['2026-06-03', '2026-06-02'])
  })

  test('401 without a valid token', async () => {
    expectUnauthenticated(await list(t, null))
    expectUnauthenticated(await t.request('GET', '/api/v1/check-in', { headers: { authorization: 'Bearer nope' } }))
  })
})
