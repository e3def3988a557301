import { describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'

const t = useTestApp()

const list = (token: string, query = '') => t.request('GET', `/api/v1/users${query}`, { token })

describe('GET /api/v1/users', () => {
  test('admins and super admins list user summaries, newest first, with pagination meta', async () => {
    const admin = await createUser(t, { role: 'admin', name: 'Admin' })
    t.clock.advance(1000)
    const sa = await createUser(t, { role: 'super_admin', name: 'Root' })
    t.clock.advance(1000)
    const plain = await createUser(t, { verified: false, name: 'Plain' })
    for (const caller of [admin, sa]) {
      const r = await list(caller.token)
      expect(r.status).toBe(200)
      expect(r.body.message).toBe('Users retrieved successfully.')
      expect(r.body.data.map((u: { id: string }) => u.id)).toEqual([plain.id, sa.id, admin.id])
      expect(r.body.data[0]).toEqual({
        id: plain.id, name: 'Plain', email: plain.email, role: 'user', confirmed: false,
        created_at: '2026-06-24T10:00:02.000Z', updated_at: '2026-06-24T10:00:02.000Z',
      })
      expect(r.body.meta).toEqual({ pagination: { current_page: 1, last_page: 1, per_page: 50, total: 3, from: 1, to: 3, has_more_pages: false } })
    }
  })

  test('users get 403, no token 401', async () => {
    const u = await createUser(t)
    const r = await list(u.token)
    expect(r.status).toBe(403)
    expect(r.body).toMatchObject({ code: 'forbidden', message: 'This action is unauthorized.' })
    expect((await t.request('GET', '/api/v1/users')).status).toBe(401)
  })

  test('equal creation times are ordered by id, descending; pages', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const same = [await createUser(t), await createUser(t), await createUser(t), await createUser(t)]
    const ids = [admin.id, ...same.map((u) => u.id)].sort().reverse()
    const p1 = await list(admin.token, '?per_page=2')
    const p3 = await list(admin.token, '?per_page=2&page=3')
    expect(p1.body.data.map((u: { id: string }) => u.id)).toEqual(ids.slice(0, 2))
    expect(p1.body.meta.pagination).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5, from: 1, to: 2, has_more_pages: true })
    expect(p3.body.data.map((u: { id: string }) => u.id)).toEqual(ids.slice(4))
    expect(p3.body.meta.pagination).toMatchObject({ from: 5, to: 5, has_more_pages: false })
    const past = await list(admin.token, '?per_page=2&page=9')
    expect(past.body.data).toEqual([])
    expect(past.body.meta.pagination).toMatchObject({ current_page: 9, last_page: 3, total: 5, from: null, to: null })
    expect((await list(admin.token, '?per_page=200')).status).toBe(200)
  })

  test('q keeps users whose name or e-mail contains it, case-insensitively (also beyond ASCII)', async () => {
    const admin = await createUser(t, { role: 'admin', name: 'Boss', email: 'boss@corp.example' })
    t.clock.advance(1)
    const elodie = await createUser(t, { name: 'Élodie Durand', email: 'ed@mail.example' })
    t.clock.advance(1)
    const zoe = await createUser(t, { name: 'Zoe', email: 'ZOE.DURAND@Mail.example' })
    await createUser(t, { name: 'Other', email: 'x@y.example' })
    const ids = async (q: string) => (await list(admin.token, `?q=${encodeURIComponent(q)}`)).body.data.map((u: { id: string }) => u.id)
    expect(await ids('durand')).toEqual([zoe.id, elodie.id])
    expect(await ids('élodie')).toEqual([elodie.id])
    expect(await ids('ÉLODIE')).toEqual([elodie.id])
    expect(await ids('MAIL.EX')).toEqual([zoe.id, elodie.id])
    expect(await ids('100%')).toEqual([])
    expect(await ids('_')).toEqual([])
    const paged = await list(admin.token, '?q=durand&per_page=1&page=2')
    expect(paged.body.data.map((u: { id: string }) => u.id)).toEqual([elodie.id])
    expect(paged.body.meta.pagination).toMatchObject({ total: 2, last_page: 2, from: 2, to: 2 })
    // an empty q is absent
    expect((await ids('   ')).length).toBe(4)
  })

  test('query validation', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const r = await list(admin.token, `?page=0&per_page=201&q=${'q'.repeat(256)}`)
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      page: ['The page field must be at least 1.'],
      per_page: ['The per page field must be between 1 and 200.'],
      q: ['The q field must not be greater than 255 characters.'],
    })
    expect((await list(admin.token, '?per_page=abc')).body.errors).toEqual({ per_page: ['The per page field must be an integer.'] })
  })
})
