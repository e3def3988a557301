import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { parseTodo } from '../../src/features/quick-add/todo-parser'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { commitOk, detect } from './helpers'

const TODAY = '2026-06-24' // a Wednesday
const parse = (input: string, today = TODAY) => parseTodo(input, today)

const row = (title: string, due_at: string | null, repeat: string | null, link: string | null, tags: string[], category: string | null) =>
  ({ title, due_at, repeat, link, tags, category })

describe('the examples of docs/api/quick-add.md §5', () => {
  test.each([
    ['Pay rent #home /finance due:tomorrow repeat:monthly', row('Pay rent', '2026-06-25', 'monthly', null, ['home'], 'finance')],
    ['Call mom due:friday', row('Call mom', '2026-06-26', null, null, [], null)],
    ['Water plants due:wed repeat:weekly', row('Water plants', '2026-06-24', 'weekly', null, [], null)],
    ['Submit report due:05.01.27', row('Submit report', '2027-01-05', null, null, [], null)],
    ['Dentist due:3.7.2026.', row('Dentist', '2026-07-03', null, null, [], null)],
    ['Renew passport due:2027-03-31 link:https://example.org/form#step2',
      row('Renew passport', '2027-03-31', null, 'https://example.org/form#step2', [], null)],
    ['Check link:example.org/status', row('Check', null, null, 'https://example.org/status', [], null)],
    ['Stretch repeat:daily', row('Stretch', null, null, null, [], null)],
    ['Read /work/reports/q3 notes #reading #Reading', row('Read notes', null, null, null, ['reading'], 'work/reports/q3')],
    ['Fix bike due:31.02.2026', row('Fix bike due:31.02.2026', null, null, null, [], null)],
    ['due soon: taxes', row('due soon: taxes', null, null, null, [], null)],
    ['Milch kaufen due:morgen', row('Milch kaufen', '2026-06-25', null, null, [], null)],
    ['Appeler Paul due:après-demain', row('Appeler Paul', '2026-06-26', null, null, [], null)],
    ['Llamar a Ana due:viernes repeat:weekly', row('Llamar a Ana', '2026-06-26', 'weekly', null, [], null)],
    ['Backup due:+2w', row('Backup', '2026-07-08', null, null, [], null)],
    ['buy milk due tomorrow', row('buy milk', '2026-06-25', null, null, [], null)],
    ['Zahnarzt due übermorgen #health', row('Zahnarzt', '2026-06-26', null, null, ['health'], null)],
    ['Late due to rain', row('Late due to rain', null, null, null, [], null)],
  ])('%s', (input, expected) => {
    expect(parse(input) as unknown).toEqual(expected)
  })
})

describe('due: values (today = Wednesday 2026-06-24)', () => {
  test.each([
    ['today', '2026-06-24'], ['TODAY', '2026-06-24'], ['tomorrow', '2026-06-25'], ['Tomorrow', '2026-06-25'],
    ['monday', '2026-06-29'], ['mon', '2026-06-29'], ['tuesday', '2026-06-30'], ['tue', '2026-06-30'],
    ['wednesday', '2026-06-24'], ['wed', '2026-06-24'], ['thursday', '2026-06-25'], ['thu', '2026-06-25'],
    ['friday', '2026-06-26'], ['FRI', '2026-06-26'], ['saturday', '2026-06-27'], ['sat', '2026-06-27'],
    ['sunday', '2026-06-28'], ['sun', '2026-06-28'],
    ['2026-07-01', '2026-07-01'], ['2024-02-29', '2024-02-29'], ['0001-01-01', '0001-01-01'],
    ['24.12.2026', '2026-12-24'], ['4.7.2026', '2026-07-04'], ['04.07.2026', '2026-07-04'], ['4.07.2026', '2026-07-04'],
    ['05.01.27', '2027-01-05'], ['5.1.27', '2027-01-05'], ['1.1.00', '2000-01-01'], ['31.12.99', '2099-12-31'],
    ['29.02.28', '2028-02-29'],
    ['friday!', '2026-06-26'], ['tomorrow.', '2026-06-25'], ['2026-07-01),', '2026-07-01'], ['3.7.2026.', '2026-07-03'],
    ['today?!', '2026-06-24'], ['mon;', '2026-06-29'], ['tue:', '2026-06-30'],
  ])('due:%s → %s', (value, date) => {
    const fields = parse(`Task due:${value}`)
    expect(fields.due_at).toBe(date)
    expect(fields.title).toBe('Task')
  })

  test.each([
    '2026-02-30', '2026-13-01', '2026-7-1', '26-07-01', '32.01.2026', '00.01.2026', '29.02.27', '1.1.202', '1.1.2', '1/1/2026',
    'nextweek', 'fr', 'thurs', 'tomorrow2', '.', ')', '0000-01-01', '2026-06-24T10:00',
  ])('due:%s is not understood and stays in the text', (value) => {
    const fields = parse(`Task due:${value}`)
    expect(fields.due_at).toBeNull()
    expect(fields.title).toBe(`Task due:${value}`)
  })

  test('the key is case-insensitive; only the first due: token counts', () => {
    expect(parse('A DUE:Tomorrow')).toMatchObject({ title: 'A', due_at: '2026-06-25' })
    expect(parse('A due:bogus due:tomorrow')).toMatchObject({ title: 'A due:bogus due:tomorrow', due_at: null })
    expect(parse('A due:today due:tomorrow')).toMatchObject({ title: 'A due:tomorrow', due_at: '2026-06-24' })
  })

  test('relative dates cross months and years', () => {
    expect(parse('x due:tomorrow', '2026-12-31').due_at).toBe('2027-01-01')
    expect(parse('x due:sun', '2026-12-31').due_at).toBe('2027-01-03')
    expect(parse('x due:tomorrow', '2028-02-28').due_at).toBe('2028-02-29')
  })

  test('a token must start after white space', () => {
    expect(parse('overdue:tomorrow')).toMatchObject({ title: 'overdue:tomorrow', due_at: null })
    expect(parse('(due:tomorrow)')).toMatchObject({ title: '(due:tomorrow)', due_at: null })
  })
})

describe('link, repeat, tags, category, title', () => {
  test.each([
    ['x link:http://a.org/p', 'http://a.org/p', 'x'],
    ['x LINK:HTTPS://A.org/P', 'HTTPS://A.org/P', 'x'],
    ['x link:a.org', 'https://a.org', 'x'],
    ['x link:https://', null, 'x link:https://'],
    ['x link:', null, 'x link:'],
    ['x link:a.org link:b.org', 'https://a.org', 'x link:b.org'],
    ['x link:a.org/#frag #tag', 'https://a.org/#frag', 'x'],
  ])('%s', (input, link, title) => {
    expect(parse(input)).toMatchObject({ link, title })
  })

  test('a link of at most 2048 characters (after https:// is added) is accepted', () => {
    const link = 'https://' + 'a'.repeat(2036) + '.org'
    expect(link.length).toBe(2048)
    expect(parse(`x link:${link}`)).toMatchObject({ link, title: 'x' })
    const long = 'a'.repeat(2037) + '.org'
    expect(parse(`x link:${long}`)).toMatchObject({ link: null, title: `x link:${long}`.slice(0, 255) })
  })

  test.each([
    ['x due:today repeat:Weekly', 'weekly', 'x'],
    ['x due:today repeat:YEARLY', 'yearly', 'x'],
    ['x repeat:daily', null, 'x'],
    ['x due:today repeat:hourly', null, 'x repeat:hourly'],
    ['x due:today repeat:hourly repeat:daily', 'daily', 'x repeat:hourly'],
    ['x due:today repeat: daily', null, 'x repeat: daily'],
  ])('%s', (input, repeat, title) => {
    expect(parse(input)).toMatchObject({ repeat, title })
  })

  test('tags: letters of any script, digits, _ and -; duplicates ignoring case; cut to 50; at most 20', () => {
    expect(parse('x #a-b_c #ÄÖ #日本 #1 #A-B_C #äö')).toMatchObject({ tags: ['a-b_c', 'ÄÖ', '日本', '1'], title: 'x' })
    expect(parse('x #tag, # a#b #t.g #')).toMatchObject({ tags: [], title: 'x #tag, # a#b #t.g #' })
    expect(parse('x #' + 'y'.repeat(60)).tags).toEqual(['y'.repeat(50)])
    const many = Array.from({ length: 25 }, (_, i) => `#t${i}`).join(' ')
    expect(parse(`x ${many}`).tags).toEqual(Array.from({ length: 20 }, (_, i) => `t${i}`))
  })

  test('category: the first /name or /name/sub token', () => {
    expect(parse('x /a /b')).toMatchObject({ category: 'a', title: 'x /b' })
    expect(parse('x /Work-1/sub_2')).toMatchObject({ category: 'Work-1/sub_2', title: 'x' })
    expect(parse('x /a/b/ / and/or /a//b')).toMatchObject({ category: null, title: 'x /a/b/ / and/or /a//b' })
  })

  test('title: white space collapsed, cut to 255; the whole input when nothing is left', () => {
    expect(parse('  Buy   milk \t now\n')).toMatchObject({ title: 'Buy milk now' })
    expect(parse('y'.repeat(300)).title).toBe('y'.repeat(255))
    expect(parse('#a   #b')).toMatchObject({ title: '#a #b', tags: ['a', 'b'] })
    expect(parse('due:today')).toMatchObject({ title: 'due:today', due_at: '2026-06-24' })
  })
})

describe('today is the date in the user\'s timezone', () => {
  let t: TestApp
  beforeEach(() => { t = createTestApp() })
  afterEach(() => t.close())

  test.each([
    ['Pacific/Auckland', '2026-06-24T13:30:00Z', '2026-06-25', '2026-06-26'],
    ['UTC', '2026-06-24T13:30:00Z', '2026-06-24', '2026-06-26'],
    ['America/Los_Angeles', '2026-06-25T03:00:00Z', '2026-06-24', '2026-06-26'],
    ['Europe/Berlin', '2026-06-24T22:30:00Z', '2026-06-25', '2026-06-26'],
  ])('%s at %s', async (timezone, now, today, friday) => {
    t.clock.set(now)
    const user = await createUser(t, { timezone })
    const r = await detect(t, user, { content: 'Call due:today' })
    expect(r.body.data.metadata.due_at).toBe(today)
    expect((await detect(t, user, { content: 'Call due:fri' })).body.data.metadata.due_at).toBe(friday)
    const item = await commitOk(t, user, { content: 'Call due:today repeat:daily', content_type: 'todo' })
    expect(item).toMatchObject({ due_at: today, repeat: 'daily' })
  })
})
