/**
 * GET /api/v1/check-in writes its JSON by hand (src/features/check-in/list-json.ts). Its text must be exactly what
 * JSON.stringify writes for the presenter's entries, whatever a day holds, and the answer what the other routes
 * say of the same days, with the headers and compression of every JSON answer.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Value } from '@sinclair/typebox/value'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { ok } from '../../src/lib/http/envelope'
import { presentCheckIn, presentStoredCheckIn } from '../../src/features/check-in/present'
import { checkInListJson } from '../../src/features/check-in/list-json'
import { CheckInListResponse } from '../../src/features/check-in/model'
import type { CheckInDay } from '../../src/features/check-in/store'
import { list, post } from './helpers'

const t = useTestApp()
const MESSAGE = 'Check-in data retrieved successfully.'
let alice: TestUser
const ids: Record<string, number> = {}
/** Each date's entry as the upsert answered it (Elysia serializes that answer after checking it against its schema). */
const posted = new Map<string, Record<string, unknown>>()

/** Notes that exercise every escape JSON.stringify makes, and characters it leaves as they are. */
const NOTES = [
  'He said "no", then \'yes\'.',
  'C:\\Users\\me\\ and a trailing backslash \\',
  'two\nlines\r\nand a\ttab',
  'controls \u0000 \u0001 \u0008 \u000b \u000c \u001b \u001f and DEL \u007f',
  'emoji 🧗‍♀️ 👍🏽 🇩🇪 and 𝄞',
  'separators \u2028 \u2029, </script>, ü ß 中文',
  '**Markdown** _day_ `code` [link](https://example.com/?a=1&b=2)',
  `${'long "quoted" line\\ '.repeat(450)}end`,
]

async function define(path: string, body: Record<string, unknown>): Promise<number> {
  const r = await t.request('POST', `/api/v1/${path}`, { token: alice.token, body })
  expect(r.status).toBe(201)
  return r.body.data.id
}

async function day(body: Record<string, unknown>): Promise<void> {
  const r = await post(t, alice, body)
  expect(r.status).toBe(201)
  posted.set(body.date as string, r.body.data)
}

/** What the list answered while Elysia serialized it: the presenter's entries, in the envelope, by JSON.stringify. */
async function stringified(user: TestUser, from?: string, to?: string): Promise<string> {
  const days = await t.deps.stores.checkIns.list(user.id, from, to)
  return JSON.stringify(ok(t.deps.clock, MESSAGE, days.map(presentCheckIn)))
}

/** A day's row as stored: its values and activities as the JSON text JSON.stringify writes of them. */
const row = (day: CheckInDay) => ({ ...day, valuesJson: JSON.stringify(day.values), activitiesJson: JSON.stringify(day.activities) })
const written = (days: CheckInDay[]) => checkInListJson(ok(t.deps.clock, MESSAGE, days.map((day) => presentStoredCheckIn(row(day)))))
const expected = (days: CheckInDay[]) => JSON.stringify(ok(t.deps.clock, MESSAGE, days.map(presentCheckIn)))

beforeEach(async () => {
  posted.clear()
  alice = await createUser(t)
  ids.energy = await define('trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10 })
  ids.gym = await define('trackers', { name: 'Gym', kind: 'yesno' })
  ids.weight = await define('trackers', { name: 'Weight', kind: 'number', unit: 'kg', decimals: 3, min: -1000, max: 1_000_000_000 })
  ids.steps = await define('trackers', { name: 'Steps', kind: 'number' })
  ids.family = await define('activities', { name: 'Family' })
  ids.reading = await define('activities', { name: 'Reading' })
  ids.climbing = await define('sports', { name: 'Climbing' })
  // Days with everything, with nothing, and everything in between; dates out of order.
  await day({ date: '2026-06-01', mood: 5, sleep: 1, social_life: 3, values: { [ids.energy!]: 0, [ids.gym!]: true, [ids.weight!]: -12.345, [ids.steps!]: 12000 },
    activities: [ids.reading, ids.family], sport_ids: [ids.climbing, 2], note: NOTES[0] })
  await day({ date: '2026-05-31' })
  await day({ date: '2026-06-03', values: { [ids.gym!]: false, [ids.weight!]: 0.001 }, note: NOTES[1] })
  await day({ date: '2026-06-02', sports: 6, activities: [ids.family], values: { [ids.weight!]: 999_999_999.999 } })
  for (const [i, note] of NOTES.slice(2).entries()) {
    await day({ date: `2026-06-${String(10 + i).padStart(2, '0')}`, mood: 1 + (i % 5), note, values: i % 2 ? { [ids.weight!]: -0.5 - i } : {} })
  }
})

describe('the hand-written list is the text JSON.stringify writes', () => {
  test('over the stored days: values with decimals and negatives, yes/no as 1 and 0, empty values and activities, sports, notes with every escape', async () => {
    const r = await list(t, alice)
    expect(r.status).toBe(200)
    expect(await r.raw.text()).toBe(await stringified(alice))
    expect(r.body.data).toHaveLength(posted.size)
    // A range, one day, and no day at all.
    expect(await (await list(t, alice, '?from=2026-06-01&to=2026-06-03')).raw.text()).toBe(await stringified(alice, '2026-06-01', '2026-06-03'))
    expect(await (await list(t, alice, '?from=2026-06-02&to=2026-06-02')).raw.text()).toBe(await stringified(alice, '2026-06-02', '2026-06-02'))
    expect(await (await list(t, alice, '?from=2027-01-01')).raw.text()).toBe(await stringified(alice, '2027-01-01'))
    const bob = await createUser(t)
    expect(await (await list(t, bob)).raw.text()).toBe(await stringified(bob))
  })

  test('with values a tracker may hold at every magnitude and number of decimals: the text the database keeps is JavaScript\'s', async () => {
    const precise = await define('trackers', { name: 'Precise', kind: 'number', decimals: 3 })
    const store = t.deps.stores.checkIns
    for (let d = 0; d < 120; d++) {
      const decimals = d % 4
      const magnitude = 10 ** (d % 10)
      const value = Number(((d % 3 === 0 ? -1 : 1) * magnitude * (0.1 + ((d * 7919) % 1000) / 1000)).toFixed(decimals))
      const date = new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)
      await store.upsert(alice.id, date, {}, t.clock.now(), { values: new Map([[precise, value], [ids.energy!, d % 11]]) })
    }
    await store.upsert(alice.id, '2025-06-01', {}, t.clock.now(), { values: new Map([[precise, -0], [ids.steps!, 1_000_000_000]]) })
    await store.upsert(alice.id, '2025-06-02', {}, t.clock.now(), { values: new Map([[precise, -1_000_000_000], [ids.steps!, 0.001]]) })
    const r = await list(t, alice, '?to=2025-12-31')
    expect(r.body.data).toHaveLength(122)
    expect(await r.raw.text()).toBe(await stringified(alice, undefined, '2025-12-31'))
  })

  test('over what no request can store: lone and reversed surrogates, long ids', async () => {
    const days = await t.deps.stores.checkIns.list(alice.id)
    const [first, second] = days as [CheckInDay, CheckInDay]
    // Each character on its own, so that one the writer fails to escape shows: every ASCII one, the surrogates' ends.
    const single = [...Array.from({ length: 128 }, (_, c) => c), 0xd800, 0xdbff, 0xdc00, 0xdfff, 0x2028, 0xfeff, 0xffff].map((c) => `a${String.fromCharCode(c)}b`)
    const odd: CheckInDay[] = [
      ...[...single, 'x\udc00', '\udc00\ud800', 'pair 😀 then lone \ud83d', ''].map((note) => ({ ...first, note })),
      { ...second, id: Number.MAX_SAFE_INTEGER, activities: [1, 2 ** 40], values: {}, note: null, date: 'not "a" date\n' },
      { ...second, sports: null, moreSports: null, mood: null, sleep: null, note: '\u2028' },
    ]
    expect(written(odd)).toBe(expected(odd))
    expect(written([])).toBe(expected([]))
    expect(written(days)).toBe(expected(days))
  })
})

describe('the answer', () => {
  test('each entry is what the upsert answered for its date, keys in the same order, and the whole meets the route\'s schema', async () => {
    const r = await list(t, alice)
    const entries = r.body.data as Record<string, unknown>[]
    expect(entries.map((e) => e.date)).toEqual([...posted.keys()].sort().reverse())
    for (const entry of entries) {
      const answered = posted.get(entry.date as string)!
      expect(entry).toEqual(answered)
      expect(Object.keys(entry)).toEqual(Object.keys(answered))
      expect(Object.keys(entry.values as object)).toEqual(Object.keys(answered.values as object))
    }
    expect(Object.keys(r.body)).toEqual(['success', 'message', 'data', 'timestamp'])
    expect(r.body).toMatchObject({ success: true, message: MESSAGE, timestamp: new Date(t.clock.now()).toISOString() })
    expect(Value.Check(CheckInListResponse, r.body)).toBe(true)
  })

  test('JSON headers and the compression every JSON answer gets; HEAD as for GET, without the body', async () => {
    const text = await stringified(alice)
    const decoders = { zstd: Bun.zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync }
    for (const [coding, decode] of Object.entries(decoders)) {
      const c = await t.request('GET', '/api/v1/check-in', { token: alice.token, headers: { 'accept-encoding': coding } })
      expect(c.status).toBe(200)
      expect(c.headers.get('content-encoding')).toBe(coding)
      expect(c.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(c.headers.get('vary')).toContain('Accept-Encoding')
      expect(c.headers.get('cache-control')).toBe('no-store')
      expect(c.headers.get('x-request-id')).toBeTruthy()
      expect(new TextDecoder().decode(decode(new Uint8Array(await c.raw.arrayBuffer())))).toBe(text)
    }
    const plain = await list(t, alice)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(plain.headers.get('vary')).toContain('Accept-Encoding')
    const head = await t.request('HEAD', '/api/v1/check-in', { token: alice.token, headers: { 'accept-encoding': 'gzip' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-encoding')).toBeNull()
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(text)))
    expect(await head.raw.text()).toBe('')
    // Below the threshold nothing is compressed, as for any small JSON answer.
    const small = await t.request('GET', '/api/v1/check-in?from=2027-01-01', { token: alice.token, headers: { 'accept-encoding': 'gzip' } })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(small.body).toMatchObject({ success: true, data: [] })
  })
})
