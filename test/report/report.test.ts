/** GET /api/v1/report (docs/api/shares.md §1–2): the signed-in person's report page, through HTTP. */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectInvalid, expectUnauthenticated } from '../helpers/expect'
import { SECRET, WEEK, writeDiary, type Diary } from './diary'

const t = useTestApp()
let alice: TestUser
let diary: Diary
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice Example' })
  diary = await writeDiary(t, alice)
})

const report = (query: string, user: TestUser | null = alice) => t.request('GET', `/api/v1/report?${query}`, { token: user?.token })
const html = async (query: string, user: TestUser = alice) => {
  const r = await report(query, user)
  expect(r.status).toBe(200)
  expect(r.body).toMatchObject({ success: true, message: 'Report created successfully.' })
  return r.body.data.html as string
}
const week = `from=${WEEK.from}&to=${WEEK.to}`
/** The text of the summary table's rows, tags removed. */
const summaryRows = (page: string) => [...page.matchAll(/<tr><th scope="row">(.*?)<\/tr>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim())

describe('the report page', () => {
  test('each chosen tracker in the order chosen: mean, lowest, highest and days, a line chart; yes/no as days', async () => {
    const page = await html(`trackers=sleep,mood,${diary.weightId},${diary.meditatedId}&${week}`)
    expect(page).toStartWith('<!doctype html><html lang="en">')
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(page).not.toContain('<script')
    expect(page).not.toContain('style=')
    expect(page).toMatch(/<link rel="stylesheet" href="\/s\/report-[0-9a-f]{12}\.css">/)
    expect(page).toContain('Alice Example · 15.06.2026 to 21.06.2026')
    expect(summaryRows(page)).toEqual([
      'Sleep 7 3.9 3 5',
      'Mood 6 3.5 2 5',
      'Weight 7 201.34 kg 70.0 kg 987.6 kg',
      'Meditated 7 Yes on 4, no on 3 of 7 days',
    ])
    expect(page).toContain('<h2 id="figure-3">Weight (kg)</h2>')
    expect(page).toContain('1 = bad · 5 = great')
    // Mood has no value on the 17th: its line breaks there, and each value has its dot.
    const mood = page.slice(page.indexOf('id="figure-2"'), page.indexOf('id="figure-3"'))
    expect(mood.match(/<polyline /g)).toHaveLength(2)
    expect(mood.match(/<circle /g)).toHaveLength(6)
    expect(mood).toContain('aria-label="Mood from 15.06.2026 to 21.06.2026: mean 3.5, lowest 2, highest 5, values on 6 of 7 days."')
    const meditated = page.slice(page.indexOf('id="figure-4"'))
    expect(meditated.match(/class="day yes"/g)).toHaveLength(4)
    expect(meditated.match(/class="day no"/g)).toHaveLength(3)
  })

  test('only what was chosen: no other tracker, no day outside the period, notes only when asked for (escaped)', async () => {
    const moodOnly = await html(`trackers=mood&${week}`)
    for (const word of ['Menstruation', 'Alcohol', 'Weight', 'Meditated', 'Sleep', String(SECRET.weight), '987', SECRET.note, SECRET.outside, '10.06.2026']) {
      expect(moodOnly).not.toContain(word)
    }
    expect(summaryRows(moodOnly)).toEqual(['Mood 6 3.5 2 5'])
    expect(await html(`trackers=mood&${week}&notes=no`)).not.toContain(SECRET.note)
    const withNotes = await html(`trackers=mood&${week}&notes=yes`)
    expect(withNotes).toContain(`<h2 id="notes">Day notes</h2>`)
    expect(withNotes).toContain(`<dt>16.06.2026</dt><dd>${SECRET.note} &lt;script&gt;alert(1)&lt;/script&gt; &amp; more</dd>`)
    expect(withNotes).not.toContain(SECRET.outside)
    expect(withNotes).not.toContain('<script>')
  })

  test('in the person\'s language and date format; sport as days with each sport counted', async () => {
    await t.request('PUT', '/api/v1/users/me/settings/language', { token: alice.token, body: { language: 'de' } })
    await t.request('PUT', '/api/v1/users/me/settings/date-format', { token: alice.token, body: { date_format: 'YYYY-mm-dd' } })
    await t.request('POST', '/api/v1/check-in', { token: alice.token, body: { date: '2026-06-16', sport_ids: [2] } })
    const page = await html(`trackers=mood,sports&${week}`)
    expect(page).toStartWith('<!doctype html><html lang="de">')
    expect(page).toContain('<h1>Check-in-Bericht</h1>')
    expect(page).toContain('Alice Example · 2026-06-15 bis 2026-06-21')
    expect(summaryRows(page)).toEqual(['Stimmung 6 3,5 2 5', 'Sport 7 Sport an 1 von 7 Tagen'])
    expect(page).toContain('<li>Radfahren: 1</li>')
    expect(page).toContain('Erstellt mit daybook am 2026-06-24.')
  })

  test('a tracker without values in the period says so', async () => {
    expect(summaryRows(await html('trackers=dreams&from=2026-06-01&to=2026-06-05'))).toEqual(['Dreams 0 No values in this period.'])
  })
})

describe('what the query must be', () => {
  test('401 without a token', async () => {
    expectUnauthenticated(await report(`trackers=mood&${week}`, null))
  })

  test('trackers, from and to are required', async () => {
    expectInvalid(await report(''), {
      trackers: 'The trackers field is required.', from: 'The from field is required.', to: 'The to field is required.',
    })
    expectInvalid(await report(`trackers=,%20,&${week}`), { trackers: 'The trackers field is required.' })
    const many = Array.from({ length: 63 }, () => 'mood').join(',')
    expectInvalid(await report(`trackers=${many}&${week}`), { trackers: 'The trackers field must not have more than 62 items.' })
  })

  test('a tracker that is neither built-in nor one of the person\'s own is refused at its place', async () => {
    const bob = await createUser(t)
    const bobs = (await t.request('POST', '/api/v1/trackers', { token: bob.token, body: { name: 'Mine', kind: 'yesno' } })).body.data
    expectInvalid(await report(`trackers=mood,happiness,${bobs.id},${diary.weightId}&${week}`), {
      'trackers.1': 'The selected trackers.1 is invalid.', 'trackers.2': 'The selected trackers.2 is invalid.',
    })
  })

  test('dates: valid, to not before from, at most a year; notes yes or no', async () => {
    expectInvalid(await report('trackers=mood&from=2026-02-30&to=tomorrow'), {
      from: 'The from field must be a valid date in the format YYYY-MM-DD.', to: 'The to field must be a valid date in the format YYYY-MM-DD.',
    })
    expectInvalid(await report('trackers=mood&from=2026-06-21&to=2026-06-20'), { to: 'The to field must be a date after or equal to from.' })
    expectInvalid(await report('trackers=mood&from=2025-06-20&to=2026-06-21'), { to: 'The to field must be at most 365 days after from.' })
    expect((await report('trackers=mood&from=2025-06-21&to=2026-06-21')).status).toBe(200)
    expectInvalid(await report(`trackers=mood&${week}&notes=maybe`), { notes: 'The selected notes is invalid.' })
  })
})
