/**
 * Every answer has exactly the shape its route declares (src/lib/http/response-schemas.ts). The suite runs with
 * CHECK_RESPONSES, so every answer of every test is checked against its route's exact schema; production skips the
 * check. This file proves the check is there and strict, that no API route escapes it, and walks every GET of the
 * endpoint index over a family's realistic data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { t as schema } from 'elysia'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { IDLE_BOT_ENV } from '../helpers/telegram'
import { exportAll, fillAccount, importArchive } from '../import/helpers'
import { runJob, startExport } from '../export/helpers'
import { checkInLink } from '../../src/features/reminder-answers/day-pass'
import { basename } from 'node:path'
import { runBackup } from '../../src/features/backups/run-backup'
import { settleResponseSchemas } from '../../src/lib/http/response-schemas'
import { Envelope } from '../../src/lib/http/schemas'
import { FullUser } from '../../src/features/users/model-shared'
import { ENDPOINTS, openApiShape, sample } from './endpoint-index'
import { call } from './common'

let t: TestApp
// A configured bot (that nobody polls here), so the chat routes answer as on a server with Telegram.
beforeAll(() => { t = createTestApp(IDLE_BOT_ENV) })
afterAll(() => t.close())

type Route = { method: string; path: string; hooks: { response?: unknown } }
const apiRoutes = () => (t.app.elysia.routes as unknown as Route[]).filter((r) => r.path.startsWith('/api/v1/'))
const shape = (method: string, path: string) => `${method} ${openApiShape(path.replace(/:\w+/g, '{}'))}`

describe('declared answers', () => {
  test('the endpoint index names every API route, and every one declares its answers', () => {
    const indexed = new Set(ENDPOINTS.map((ep) => shape(ep.method, ep.path)))
    expect(apiRoutes().map((r) => shape(r.method, r.path)).filter((s) => !indexed.has(s))).toEqual([])
    expect(apiRoutes().filter((r) => !r.hooks.response).map((r) => shape(r.method, r.path))).toEqual([])
  })

  test('every object in them is exact: a field nobody declared is refused', () => {
    const loose: string[] = []
    const walk = (s: any, where: string): void => {
      if (typeof s !== 'object' || s === null) return
      if (s.type === 'object' && s.properties && s.additionalProperties === undefined) loose.push(where)
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${where}.${k}`)
      for (const k of ['items', 'anyOf', 'oneOf']) if (s[k]) [s[k]].flat().forEach((v: unknown, i: number) => walk(v, `${where}.${k}[${i}]`))
    }
    for (const route of apiRoutes()) {
      for (const [status, s] of Object.entries(route.hooks.response as Record<string, unknown>)) walk(s, `${shape(route.method, route.path)} ${status}`)
    }
    expect(loose).toEqual([])
  })

  test('an answer with an undeclared field fails its check, at the top and deep inside; the exact one passes', async () => {
    const probe = createTestApp()
    try {
      // Routes are added before the first request (Elysia compiles its router then); they answer the user read after.
      let user: any
      const envelope = (data: unknown, extra = {}) => ({ success: true, message: 'ok', data, timestamp: '2026-06-24T10:00:00.000000Z', ...extra })
      const declared = { 200: Envelope(FullUser) }
      probe.app.elysia
        .get('/probe/exact', () => envelope(user), { response: declared })
        .get('/probe/top', () => envelope(user, { debug: 1 }), { response: declared })
        .get('/probe/deep', () => envelope({ ...user, settings: { ...user.settings, secret: 'x' } }), { response: declared })
        .get('/probe/typed', () => envelope({ ...user, id: 42 }), { response: { 200: Envelope(schema.Object({ id: schema.String() })) } })
      settleResponseSchemas(probe.app.elysia, true)
      const alice = await createUser(probe)
      user = (await probe.request('GET', '/api/v1/users/me', { token: alice.token })).body.data
      expect((await probe.request('GET', '/probe/exact')).status).toBe(200)
      for (const path of ['/probe/top', '/probe/deep', '/probe/typed']) expect({ path, status: (await probe.request('GET', path)).status }).toEqual({ path, status: 500 })
    } finally {
      probe.close()
    }
  })

  test('a process holds one mode: turning the checks off after they were on is refused', () => {
    expect(() => settleResponseSchemas(t.app.elysia, false)).toThrow('response checks were already turned on')
  })
})

describe("every GET of the index over a family's data", () => {
  let alice: TestUser
  let bob: TestUser
  let admin: TestUser
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    alice = await createUser(t, { name: 'Alice' })
    bob = await createUser(t, { name: 'Bob' })
    admin = await createUser(t, { role: 'admin' })
    await fillAccount(t, alice)
    const as = (user: TestUser, method: string, path: string, body?: unknown) => t.request(method, path, { token: user.token, body })
    const created = async (user: TestUser, path: string, body: unknown) => {
      const r = await as(user, 'POST', path, body)
      expect({ path, status: r.status }).toEqual({ path, status: r.status < 300 ? r.status : 201 })
      return r.body.data
    }
    // Own trackers of every kind, activities, sports, and days that use them, with notes.
    const scale = await created(alice, '/api/v1/trackers', { name: 'Energy', kind: 'scale', min: 1, max: 10, min_label: 'flat', max_label: 'buzzing', shared: true })
    const yesno = await created(alice, '/api/v1/trackers', { name: 'Gym', kind: 'yesno', emoji: '🏋️', shared: true })
    const number = await created(alice, '/api/v1/trackers', { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 })
    const family = await created(alice, '/api/v1/activities', { name: 'family', group: 'People' })
    const sport = await created(alice, '/api/v1/sports', { name: 'Climbing', emoji: '🧗' })
    for (let day = 1; day <= 20; day++) {
      const date = `2026-06-${String(day).padStart(2, '0')}`
      await created(alice, '/api/v1/check-in', {
        date, mood: 1 + (day % 5), sleep: 1 + (day % 4), sport_ids: day % 3 ? [2, sport.id] : [], note: day % 4 ? `Day **${day}**` : null,
        values: { [scale.id]: 1 + (day % 10), [yesno.id]: day % 2, [number.id]: 70 + day / 10 }, activities: day % 2 ? [family.id] : [],
      })
    }
    expect((await as(alice, 'PUT', '/api/v1/streaks/rules', { skip_days_per_month: 2, pauses: [{ from: '2026-05-01', to: '2026-05-07' }], shared: true })).status).toBe(200)
    await created(alice, '/api/v1/shares', { label: 'Dr. Weber', trackers: ['mood', scale.id], from: '2026-06-01', to: '2026-06-20', notes: true, expires_at: '2026-07-24T10:00:00Z' })
    // Friends both ways, so each sees what the other shares.
    const request = await created(bob, '/api/v1/friends/requests', { receiver_id: alice.id })
    expect((await as(alice, 'PUT', `/api/v1/friends/requests/${request.id}/accept`)).status).toBe(200)
    // An export and an import of it behind the status routes; a backup for the admin's.
    const archive = await exportAll(t, alice)
    await importArchive(t, bob, archive)
    ids.export = String(await startExport(t, bob))
    await runJob(t)
    const backup = await runBackup(t.deps, { trigger: 'cli' })
    expect(backup.status).toBe('completed')
    const items = (await as(alice, 'GET', '/api/v1/libraries/books')).body.data
    const clip = (await as(alice, 'GET', '/api/v1/clipboard')).body.data.find((c: { type: string }) => c.type === 'image')
    const me = (await as(alice, 'GET', '/api/v1/users/me')).body.data
    Object.assign(ids, {
      '{uuid}': bob.id, '{type}': 'books', book: items[0].id, pass: new URL(checkInLink(t.deps, alice.id, '2026-06-24')).searchParams.get('pass')!, '{int}': String(clip.id), run: String(backup.runId), '{backup}': basename(backup.path!),
      '{file}': me.profile.profile_image_path,
    })
  })

  /** What each GET of the index needs: its caller and the ids that name this family's own things. */
  const targets = () => ENDPOINTS.filter((ep) => ep.method === 'GET').map((ep) => {
    const values: Record<string, string> = { ...ids }
    if (ep.path.startsWith('/api/v1/libraries/{type}/')) values['{uuid}'] = ids.book!
    if (ep.path.startsWith('/api/v1/admin/backups/runs/')) values['{int}'] = ids.run!
    if (ep.path.startsWith('/api/v1/export/')) values['{int}'] = ids.export!
    values['{token}'] = ids.pass!
    const caller = ep.auth === 'admin' ? admin : ep.path.startsWith('/api/v1/export/') ? bob : alice
    return { ep, path: sample(ep.path, values), caller }
  })

  test('each answers what it declares (a file, or JSON that passed its exact check)', async () => {
    const answers: Record<string, number> = {}
    for (const { ep, path, caller } of targets()) {
      const r = await call(t, 'GET', path + (QUERY[ep.path] ?? ''), { token: caller.token })
      answers[`${ep.method} ${ep.path}`] = r.status
    }
    expect(answers).toEqual(Object.fromEntries(targets().map(({ ep }) => [`${ep.method} ${ep.path}`, 200])))
  })
})

/** The query a GET needs to answer with data. */
const QUERY: Record<string, string> = {
  '/api/v1/search': '?q=day',
  '/api/v1/report': '?trackers=mood,sleep&from=2026-06-01&to=2026-06-20&notes=yes',
  '/api/v1/weather/places': '?q=Berlin',
}

