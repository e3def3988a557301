/**
 * Share links (docs/api/shares.md §3–6) through HTTP: made, listed and revoked by their person, opened by anyone
 * with the link, with the clock moved past their expiry.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { pruneShares, reportJobs } from '../../src/features/report/jobs'
import { shares } from '../../src/features/report/schema'
import { MAX_LIVE_SHARES } from '../../src/features/report/model'
import { DAY, MINUTE } from '../../src/lib/clock'
import { sha256Hex } from '../../src/lib/crypto'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectError, expectInvalid, expectNotFound, expectUnauthenticated } from '../helpers/expect'
import { SECRET, WEEK, writeDiary, type Diary } from './diary'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
let diary: Diary
beforeEach(async () => {
  // An app's token: it outlives the days the clock is moved.
  alice = await createUser(t, { name: 'Alice Example', platform: 'mobile' })
  bob = await createUser(t, { platform: 'mobile' })
  diary = await writeDiary(t, alice)
})

const NOW = '2026-06-24T10:00:00.000Z'
const inDays = (days: number) => new Date(Date.parse(NOW) + days * DAY).toISOString()
const call = (method: string, path: string, user: TestUser | null, body?: unknown) => t.request(method, `/api/v1${path}`, { token: user?.token, body })
const moodShare = { label: 'Dr. Weber', trackers: ['mood'], from: WEEK.from, to: WEEK.to, expires_at: inDays(30) }
const create = async (body: Record<string, unknown> = moodShare, user: TestUser = alice) => {
  const r = await call('POST', '/shares', user, body)
  expect(r.status).toBe(201)
  return r.body.data
}
const tokenOf = (url: string) => new URL(url).pathname.slice('/s/'.length)
const open = (token: string, ip = '192.0.2.10') => t.request('GET', `/s/${token}`, { ip, headers: { accept: 'text/html' } })

describe('making a link', () => {
  test('201 with the link shown once: an unguessable token in the URL, only its SHA-256 stored', async () => {
    const r = await call('POST', '/shares', alice, { ...moodShare, trackers: ['mood', diary.weightId, 'mood'], notes: true })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      success: true, message: 'Share link created successfully.', timestamp: NOW,
      data: {
        id: expect.any(Number), url: expect.stringMatching(/^http:\/\/daybook\.test\/s\/[A-Za-z0-9_-]{43}$/), label: 'Dr. Weber',
        trackers: ['mood', diary.weightId], from: WEEK.from, to: WEEK.to, notes: true, created_at: NOW, expires_at: inDays(30),
        active: true, access_count: 0, last_accessed_at: null,
      },
    })
    const token = tokenOf(r.body.data.url)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const [row] = t.deps.db.select().from(shares).all()
    expect(row!.tokenHash).toBe(sha256Hex(token))
    expect(JSON.stringify(row)).not.toContain(token)
    // Two links never share a token.
    expect(tokenOf((await create()).url)).not.toBe(token)
  })

  test('401 without a token', async () => {
    expectUnauthenticated(await call('POST', '/shares', null, moodShare))
  })

  test('422: the report\'s fields, a label of at most 100 characters, an expiry in the future and within 90 days', async () => {
    expectInvalid(await call('POST', '/shares', alice, {}), {
      trackers: 'The trackers field is required.', from: 'The from field is required.', to: 'The to field is required.', expires_at: 'The expires at field is required.',
    })
    expectInvalid(await call('POST', '/shares', alice, { ...moodShare, trackers: [] }), { trackers: 'The trackers field is required.' })
    expectInvalid(await call('POST', '/shares', alice, { ...moodShare, trackers: 'mood' }), { trackers: 'The trackers field must be an array.' })
    const bobs = (await call('POST', '/trackers', bob, { name: 'Mine', kind: 'yesno' })).body.data
    expectInvalid(await call('POST', '/shares', alice, { ...moodShare, trackers: ['mood', bobs.id, 'wellbeing', String(diary.meditatedId)] }), {
      'trackers.1': 'The selected trackers.1 is invalid.', 'trackers.2': 'The selected trackers.2 is invalid.',
    })
    expectInvalid(await call('POST', '/shares', alice, { ...moodShare, from: WEEK.to, to: WEEK.from, notes: 'yes', label: 'x'.repeat(101) }), {
      label: 'The label field must not be greater than 100 characters.', to: 'The to field must be a date after or equal to from.',
      notes: 'The notes field must be true or false.',
    })
    expectInvalid(await call('POST', '/shares', alice, { ...moodShare, expires_at: 'next month' }), { expires_at: 'The expires at field must be a valid timestamp.' })
    expectInvalid(await call('POST', '/shares', alice, { ...moodShare, expires_at: NOW }), { expires_at: 'The expires at field must be a date after now.' })
    expectInvalid(await call('POST', '/shares', alice, { ...moodShare, expires_at: new Date(Date.parse(inDays(90)) + 1000).toISOString() }), {
      expires_at: 'The expires at field must be at most 90 days from now.',
    })
    expect((await call('POST', '/shares', alice, { ...moodShare, expires_at: inDays(90) })).status).toBe(201)
    expect((await call('POST', '/shares', alice, { ...moodShare, expires_at: '2026-06-25T12:00:00+02:00' })).status).toBe(201)
  })

  test(`at most ${MAX_LIVE_SHARES} links that still work; an expired or revoked one makes room`, async () => {
    const made = [] as { id: number }[]
    for (let i = 0; i < MAX_LIVE_SHARES; i++) made.push(await create({ ...moodShare, expires_at: inDays(i === 0 ? 1 : 30) }))
    expectError(await call('POST', '/shares', alice, moodShare), 409, 'limit_reached')
    expect((await call('POST', '/shares', bob, { ...moodShare, trackers: ['sleep'] })).status).toBe(201)
    expect((await call('DELETE', `/shares/${made[1]!.id}`, alice)).status).toBe(200)
    await create()
    expectError(await call('POST', '/shares', alice, moodShare), 409, 'limit_reached')
    t.clock.advance(DAY + MINUTE) // the first one expires
    await create({ ...moodShare, expires_at: inDays(20) })
  })
})

describe('listing and revoking', () => {
  test('the person\'s links, newest first, with how often each was opened, never the token', async () => {
    const first = await create()
    t.clock.advance(MINUTE)
    const second = await create({ trackers: ['sleep'], from: '2026-06-01', to: '2026-06-30', expires_at: inDays(7) })
    await open(tokenOf(first.url))
    t.clock.advance(MINUTE)
    await open(tokenOf(first.url))
    const r = await call('GET', '/shares', alice)
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Share links retrieved successfully.')
    expect(r.body.data).toEqual([
      { id: second.id, label: null, trackers: ['sleep'], from: '2026-06-01', to: '2026-06-30', notes: false, created_at: '2026-06-24T10:01:00.000Z',
        expires_at: inDays(7), active: true, access_count: 0, last_accessed_at: null },
      { id: first.id, label: 'Dr. Weber', trackers: ['mood'], from: WEEK.from, to: WEEK.to, notes: false, created_at: NOW,
        expires_at: inDays(30), active: true, access_count: 2, last_accessed_at: '2026-06-24T10:02:00.000Z' },
    ])
    for (const link of [first, second]) expect(JSON.stringify(r.body)).not.toContain(tokenOf(link.url))
    expectUnauthenticated(await call('GET', '/shares', null))
  })

  test('another person\'s link is neither listed nor revocable (404), and keeps working', async () => {
    const link = await create()
    expect((await call('GET', '/shares', bob)).body.data).toEqual([])
    expectNotFound(await call('DELETE', `/shares/${link.id}`, bob))
    expect((await open(tokenOf(link.url))).status).toBe(200)
    expectNotFound(await call('DELETE', '/shares/999999', alice))
    expectNotFound(await call('DELETE', '/shares/abc', alice))
    expectUnauthenticated(await call('DELETE', `/shares/${link.id}`, null))
  })

  test('revoking closes the link at once: 410 Gone, not counted, no longer listed; a second revoke is a 404', async () => {
    const link = await create()
    expect((await open(tokenOf(link.url))).status).toBe(200)
    const r = await call('DELETE', `/shares/${link.id}`, alice)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ success: true, message: 'Share link revoked successfully.', data: null })
    const gone = await open(tokenOf(link.url))
    expect(gone.status).toBe(410)
    expect(gone.body).toContain('This link no longer works')
    expect(gone.body).not.toContain('Mood')
    expect((await call('GET', '/shares', alice)).body.data).toEqual([])
    expectNotFound(await call('DELETE', `/shares/${link.id}`, alice))
    expect(t.deps.db.select().from(shares).get()!.accessCount).toBe(1)
  })

  test('a link works until its expiry, then answers 410 and is listed as no longer active', async () => {
    const link = await create({ ...moodShare, expires_at: inDays(7) })
    t.clock.set(Date.parse(inDays(7)) - 1)
    expect((await open(tokenOf(link.url))).status).toBe(200)
    t.clock.set(inDays(7))
    expect((await open(tokenOf(link.url))).status).toBe(410)
    expect((await call('GET', '/shares', alice)).body.data).toEqual([expect.objectContaining({ id: link.id, active: false, access_count: 1 })])
  })
})

describe('ended links are forgotten', () => {
  test('90 days after its end a link\'s row goes: its address answers 404 like any unknown one; later ends stay 410', async () => {
    const ended = await create({ ...moodShare, expires_at: inDays(7) })
    const revoked = await create()
    const later = await create({ ...moodShare, expires_at: inDays(90) })
    expect((await call('DELETE', `/shares/${revoked.id}`, alice)).status).toBe(200)
    t.clock.set(Date.parse(inDays(7)) + 90 * DAY - 1)
    expect(await pruneShares(t.deps)).toBe(1)
    expect((await open(tokenOf(revoked.url))).status).toBe(404)
    expect((await open(tokenOf(ended.url))).status).toBe(410)
    t.clock.set(Date.parse(inDays(7)) + 90 * DAY + 1)
    expect(await pruneShares(t.deps)).toBe(1)
    expect((await open(tokenOf(ended.url))).status).toBe(404)
    // the longest a link may last is still within its 90 days after its end
    expect((await open(tokenOf(later.url))).status).toBe(410)
    expect(reportJobs(t.deps).map((job) => [job.name, job.pattern])).toEqual([['share-prune', '45 3 * * *']])
  })
})

describe('the page a link opens', () => {
  test('the chosen report, read-only, with the app\'s CSP, no indexing, no cache, and its stylesheet from the binary', async () => {
    const link = await create({ ...moodShare, trackers: ['mood', diary.meditatedId], notes: true })
    const r = await open(tokenOf(link.url))
    expect(r.status).toBe(200)
    const app = await t.request('GET', '/signin', { headers: { accept: 'text/html' } })
    expect(r.headers.get('content-security-policy')).toBe(app.headers.get('content-security-policy')!)
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(r.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(r.headers.get('x-frame-options')).toBe('DENY')
    expect(r.headers.get('referrer-policy')).toBe('no-referrer')
    expect(r.headers.get('cache-control')).toBe('no-store')
    const page = r.body as string
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(page).not.toMatch(/<script|<style|style=|<form|<a /)
    expect(page).toContain('Alice Example · 15.06.2026 to 21.06.2026')
    expect(page).toContain('Shared read-only by Alice Example; this link works until 24.07.2026.')
    expect(page).toContain(SECRET.note)
    const zipped = await t.request('GET', `/s/${tokenOf(link.url)}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding')
    expect(Bun.gunzipSync(new Uint8Array(await zipped.raw.arrayBuffer()))).toEqual(new TextEncoder().encode(page))
    const sheet = await t.request('GET', /href="(\/s\/report-[0-9a-f]+\.css)"/.exec(page)![1]!)
    expect(sheet.status).toBe(200)
    expect(sheet.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(sheet.body).toContain('@page { size: A4;')
  })

  test('a mood report never shows menstruation, alcohol, other trackers, notes or days outside its dates', async () => {
    const page = (await open(tokenOf((await create()).url))).body as string
    for (const word of ['Menstruation', 'Alcohol', 'Weight', 'Meditated', 'Sleep', '987', SECRET.note, SECRET.outside, '10.06.2026', 'Day notes', 'Dr. Weber']) {
      expect(page).not.toContain(word)
    }
    expect(page).toContain('<th scope="row">Mood</th>')
  })

  test('an unknown token is a 404 page in every language; a malformed one too', async () => {
    for (const token of ['A'.repeat(43), 'nope', '%20']) {
      const r = await open(token)
      expect(r.status).toBe(404)
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(r.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(r.body).toContain('<h1>Report not found</h1>')
      expect(r.body).toContain('Bericht nicht gefunden')
    }
  })

  test('guessing is limited per address: 30 opens a minute, found or not, then 429 until the minute is over', async () => {
    const link = await create()
    for (let i = 0; i < 29; i++) expect((await open(`${'x'.repeat(40)}${String(i).padStart(3, '0')}`)).status).toBe(404)
    const last = await open(tokenOf(link.url))
    expect(last.status).toBe(200)
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0')
    const limited = await open(tokenOf(link.url))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    expect(limited.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(limited.body).toContain('Too many requests')
    // Another address is not held back; a limited open is not counted.
    expect((await open(tokenOf(link.url), '198.51.100.7')).status).toBe(200)
    expect((await call('GET', '/shares', alice)).body.data[0].access_count).toBe(2)
    t.clock.advance(MINUTE)
    expect((await open(tokenOf(link.url))).status).toBe(200)
  })

  test('a deleted tracker drops out of a link\'s report; a deleted account takes its links with it', async () => {
    const link = await create({ ...moodShare, trackers: ['mood', diary.weightId] })
    expect((await call('DELETE', `/trackers/${diary.weightId}`, alice)).status).toBe(200)
    const page = (await open(tokenOf(link.url))).body as string
    expect(page).not.toContain('Weight')
    expect(page).toContain('<th scope="row">Mood</th>')
    expect((await call('DELETE', '/users/me', alice, { current_password: alice.password })).status).toBe(200)
    expect((await open(tokenOf(link.url))).status).toBe(404)
  })
})
