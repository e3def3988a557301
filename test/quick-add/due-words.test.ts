/**
 * Due dates written as words (docs/api/quick-add.md §5.1): today, tomorrow, the day after tomorrow and the weekdays
 * in English, German, French and Spanish, the relative forms, and a plain "due tomorrow", all through detect and
 * commit with the test clock moved across a week, a month and a year end and in timezones whose date is not UTC's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { commitOk, detect } from './helpers'

let t: TestApp
beforeAll(() => { t = createTestApp() })
afterAll(() => t.close())

/** A user living in `timezone`, with the server's clock at `now`. */
async function userAt(now: string, timezone = 'UTC'): Promise<TestUser> {
  t.clock.set(now)
  return createUser(t, { timezone })
}

async function detected(user: TestUser, content: string) {
  const r = await detect(t, user, { content })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data
}

/** The due date detect reads from `Task due:{value}`, after checking the token left the title. */
async function dueOf(user: TestUser, value: string): Promise<string | null> {
  const data = await detected(user, `Task due:${value}`)
  expect(data.content_type).toBe('todo')
  expect(data.metadata.title).toBe(data.metadata.due_at === null ? `Task due:${value}` : 'Task')
  return data.metadata.due_at
}

// Wednesday 2026-06-24 in UTC.
const WEDNESDAY = '2026-06-24T10:00:00Z'

describe('the words for days in four languages (today Wednesday 2026-06-24)', () => {
  let user: TestUser
  beforeAll(async () => { user = await userAt(WEDNESDAY) })

  const DAYS: [string, string][] = [
    ['today', '2026-06-24'], ['heute', '2026-06-24'], ["aujourd'hui", '2026-06-24'], ['aujourd’hui', '2026-06-24'],
    ['aujourdhui', '2026-06-24'], ['hoy', '2026-06-24'],
    ['tomorrow', '2026-06-25'], ['morgen', '2026-06-25'], ['demain', '2026-06-25'], ['mañana', '2026-06-25'], ['manana', '2026-06-25'],
    ['day-after-tomorrow', '2026-06-26'], ['the-day-after-tomorrow', '2026-06-26'], ['day_after_tomorrow', '2026-06-26'],
    ['übermorgen', '2026-06-26'], ['ubermorgen', '2026-06-26'], ['uebermorgen', '2026-06-26'],
    ['après-demain', '2026-06-26'], ['apres-demain', '2026-06-26'], ['pasado-mañana', '2026-06-26'], ['pasado-manana', '2026-06-26'],
    ['pasado_mañana', '2026-06-26'],
  ]
  const WEEKDAYS: [string, string][] = [
    ['monday', '2026-06-29'], ['montag', '2026-06-29'], ['lundi', '2026-06-29'], ['lunes', '2026-06-29'],
    ['tuesday', '2026-06-30'], ['dienstag', '2026-06-30'], ['mardi', '2026-06-30'], ['martes', '2026-06-30'],
    ['wednesday', '2026-06-24'], ['mittwoch', '2026-06-24'], ['mercredi', '2026-06-24'], ['miércoles', '2026-06-24'], ['miercoles', '2026-06-24'],
    ['thursday', '2026-06-25'], ['donnerstag', '2026-06-25'], ['jeudi', '2026-06-25'], ['jueves', '2026-06-25'],
    ['friday', '2026-06-26'], ['freitag', '2026-06-26'], ['vendredi', '2026-06-26'], ['viernes', '2026-06-26'],
    ['saturday', '2026-06-27'], ['samstag', '2026-06-27'], ['sonnabend', '2026-06-27'], ['samedi', '2026-06-27'],
    ['sábado', '2026-06-27'], ['sabado', '2026-06-27'],
    ['sunday', '2026-06-28'], ['sonntag', '2026-06-28'], ['dimanche', '2026-06-28'], ['domingo', '2026-06-28'],
  ]
  const CASES: [string, string][] = [
    ['MORGEN', '2026-06-25'], ['Übermorgen', '2026-06-26'], ['ÜBERMORGEN', '2026-06-26'], ['Après-Demain', '2026-06-26'],
    ['APRES-DEMAIN', '2026-06-26'], ['Mañana', '2026-06-25'], ['MAÑANA', '2026-06-25'], ['Pasado-Mañana', '2026-06-26'],
    ['Freitag', '2026-06-26'], ['VENDREDI', '2026-06-26'], ['Miércoles', '2026-06-24'], ['SÁBADO', '2026-06-27'], ['Heute', '2026-06-24'],
    ["Aujourd'Hui", '2026-06-24'], ['HOY', '2026-06-24'], ['Day-After-Tomorrow', '2026-06-26'],
    // Trailing punctuation is ignored as for every value; a composed and a decomposed ñ are the same letter.
    ['morgen.', '2026-06-25'], ['viernes!', '2026-06-26'], ['mañana', '2026-06-25'], ['man\u0303ana', '2026-06-25'],
  ]

  test.each([...DAYS, ...WEEKDAYS, ...CASES])('due:%s → %s', async (value, date) => {
    expect(await dueOf(user, value)).toBe(date)
  })

  test.each([
    // No short forms outside English (two letters, or English words); phrases are one token after due:.
    'fr', 'mo', 'do', 'so', 'mar', 'mié', 'ven', 'sam', 'dim', 'lun',
    'pasado', 'after-tomorrow', 'day-after', 'pasadomañana', 'apresdemain', 'to-day', 'to-morrow', 'morgens', 'übermorgen2',
  ])('due:%s is not understood and stays in the text', async (value) => {
    expect(await dueOf(user, value)).toBeNull()
  })

  test('a commit stores what detect read', async () => {
    expect(await commitOk(t, user, { content: 'Milch kaufen due:morgen #einkauf', content_type: 'todo' }))
      .toMatchObject({ title: 'Milch kaufen', due_at: '2026-06-25', tags: ['einkauf'] })
    expect(await commitOk(t, user, { content: 'Appeler Paul due:après-demain repeat:weekly', content_type: 'todo' }))
      .toMatchObject({ title: 'Appeler Paul', due_at: '2026-06-26', repeat: 'weekly' })
    expect(await commitOk(t, user, { content: 'Llamar a Ana due:viernes', content_type: 'todo' }))
      .toMatchObject({ title: 'Llamar a Ana', due_at: '2026-06-26' })
  })
})

describe('relative forms (today Wednesday 2026-06-24)', () => {
  let user: TestUser
  beforeAll(async () => { user = await userAt(WEDNESDAY) })

  test.each([
    ['+0d', '2026-06-24'], ['0d', '2026-06-24'], ['+1d', '2026-06-25'], ['3d', '2026-06-27'], ['+3d', '2026-06-27'], ['+3D', '2026-06-27'],
    ['+7d', '2026-07-01'], ['+1w', '2026-07-01'], ['2w', '2026-07-08'], ['+2W', '2026-07-08'], ['+52w', '2027-06-23'],
    ['+999d', '2029-03-19'], ['+999w', '2045-08-16'], ['+3d.', '2026-06-27'], ['+03d', '2026-06-27'],
  ])('due:%s → %s', async (value, date) => {
    expect(await dueOf(user, value)).toBe(date)
  })

  test.each(['+3', '3', 'd', '+d', '-1d', '+1000d', '+3m', '+1y', '+3days', 'in3days', '+3t', '+2s', '3 d', '++3d', '+3dd', '+1.5w'])(
    'due:%s is not understood', async (value) => {
      expect(await dueOf(user, value)).toBeNull()
    })
})

describe('the clock moved: week, month and year ends, and dates that are not UTC\'s', () => {
  test.each([
    // Sunday 2026-05-31 23:30 UTC is already Monday 2026-06-01 in Berlin: the week and the month turn there.
    ['Europe/Berlin', '2026-05-31T23:30:00Z', [
      ['today', '2026-06-01'], ['heute', '2026-06-01'], ['morgen', '2026-06-02'], ['übermorgen', '2026-06-03'],
      ['montag', '2026-06-01'], ['lundi', '2026-06-01'], ['sonntag', '2026-06-07'], ['domingo', '2026-06-07'], ['+6d', '2026-06-07'], ['+1w', '2026-06-08'],
    ]],
    // The same instant in UTC is still Sunday, May 31.
    ['UTC', '2026-05-31T23:30:00Z', [
      ['today', '2026-05-31'], ['tomorrow', '2026-06-01'], ['demain', '2026-06-01'], ['après-demain', '2026-06-02'],
      ['sunday', '2026-05-31'], ['dimanche', '2026-05-31'], ['monday', '2026-06-01'], ['+1d', '2026-06-01'],
    ]],
    // 03:00 UTC on July 1st is still Tuesday, June 30, in Los Angeles.
    ['America/Los_Angeles', '2026-07-01T03:00:00Z', [
      ['hoy', '2026-06-30'], ['mañana', '2026-07-01'], ['pasado-mañana', '2026-07-02'], ['martes', '2026-06-30'],
      ['miércoles', '2026-07-01'], ['lunes', '2026-07-06'], ['2w', '2026-07-14'],
    ]],
    // New Year's Eve (a Thursday) in Auckland while UTC is still on the 30th.
    ['Pacific/Auckland', '2026-12-30T12:00:00Z', [
      ['aujourd’hui', '2026-12-31'], ['tomorrow', '2027-01-01'], ['übermorgen', '2027-01-02'], ['jeudi', '2026-12-31'],
      ['vendredi', '2027-01-01'], ['mittwoch', '2027-01-06'], ['+2w', '2027-01-14'], ['+1d', '2027-01-01'],
    ]],
    // Leap day: Sunday 2028-02-27 → the 29th exists.
    ['UTC', '2028-02-27T08:00:00Z', [['übermorgen', '2028-02-29'], ['martes', '2028-02-29'], ['+3d', '2028-03-01']]],
  ] as [string, string, [string, string][]][])('%s at %s', async (timezone, now, cases) => {
    const user = await userAt(now, timezone)
    for (const [value, date] of cases) expect([value, await dueOf(user, value)]).toEqual([value, date])
    const [value, date] = cases[1]!
    expect(await commitOk(t, user, { content: `Call due:${value}`, content_type: 'todo' })).toMatchObject({ title: 'Call', due_at: date })
  })
})

describe('plain "due" followed by a date', () => {
  let user: TestUser
  beforeAll(async () => { user = await userAt(WEDNESDAY) })

  test.each([
    ['buy milk due tomorrow', 'buy milk', '2026-06-25'],
    ['Buy milk DUE Tomorrow', 'Buy milk', '2026-06-25'],
    ['Rent due: Freitag', 'Rent', '2026-06-26'],
    ['Zahnarzt due übermorgen #health', 'Zahnarzt', '2026-06-26'],
    ['Rapport due après-demain', 'Rapport', '2026-06-26'],
    ['Llamar due pasado mañana', 'Llamar', '2026-06-26'],
    ['Llamar due pasado mañana.', 'Llamar', '2026-06-26'],
    ['Call due the day after tomorrow', 'Call', '2026-06-26'],
    ['Call due day after tomorrow please', 'Call please', '2026-06-26'],
    ['Tax return due 2026-07-31', 'Tax return', '2026-07-31'],
    ['Tax return due 31.7.2026!', 'Tax return', '2026-07-31'],
    ['Backup due +2w', 'Backup', '2026-07-08'],
    ['Late due to rain, due viernes', 'Late due to rain,', '2026-06-26'],
    ['due tomorrow', 'due tomorrow', '2026-06-25'],
  ])('%s', async (content, title, date) => {
    const data = await detected(user, content)
    expect(data).toMatchObject({ content_type: 'todo', confidence: 0.7, metadata: { title, due_at: date } })
    expect(await commitOk(t, user, { content, content_type: data.content_type })).toMatchObject({ title, due_at: date })
  })

  test.each([
    ['due soon: taxes', 'due soon: taxes'],
    ['Late due to rain', 'Late due to rain'],
    ['delay due to day off', 'delay due to day off'],
    ['due to morrow', 'due to morrow'],
    ['Pay due: someday', 'Pay due: someday'],
    ['due', 'due'],
  ])('%s: no date, the text stays the title', async (content, title) => {
    expect(await detected(user, content)).toMatchObject({ content_type: 'todo', metadata: { title, due_at: null } })
  })

  test('a due: token wins; the plain phrase then stays in the text', async () => {
    expect((await detected(user, 'x due:friday due tomorrow')).metadata).toMatchObject({ title: 'x due tomorrow', due_at: '2026-06-26' })
    expect((await detected(user, 'x due:bogus due tomorrow')).metadata).toMatchObject({ title: 'x due:bogus', due_at: '2026-06-25' })
  })

  test('a repeat needs the date and gets it from the phrase', async () => {
    expect(await commitOk(t, user, { content: 'Water plants due samstag repeat:weekly', content_type: 'todo' }))
      .toMatchObject({ title: 'Water plants', due_at: '2026-06-27', repeat: 'weekly' })
  })

  test('detection is unchanged: without the word due (or repeat, or link:) text is a note', async () => {
    for (const content of ['buy milk tomorrow', 'Milch kaufen morgen', 'acheter du pain demain', 'comprar pan mañana', 'overdue tomorrow']) {
      expect(await detected(user, content)).toMatchObject({ content_type: 'note', confidence: 0.5, metadata: { title: content } })
    }
  })
})
