/** docs/api/quick-add.md §11: completing, rolling over and reopening to-dos through PATCH, with the test clock moved. */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { HOUR, MINUTE } from '../../src/lib/clock'
import { insertLibraryItem } from '../../src/features/libraries/queries'
import { commitOk, expect404 } from '../quick-add/helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
})

const patch = (id: string, body: unknown, user: TestUser = alice) =>
  t.request('PATCH', `/api/v1/libraries/todos/${id}`, { token: user.token, body })
const show = (id: string) => t.request('GET', `/api/v1/libraries/todos/${id}`, { token: alice.token })
const todos = async (query = '') => (await t.request('GET', `/api/v1/libraries/todos${query}`, { token: alice.token })).body.data as any[]
const todo = (content: string) => commitOk(t, alice, { content, content_type: 'todo' })

async function setDone(id: string, done: boolean): Promise<any> {
  const r = await patch(id, { is_completed: done })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data
}

describe('completing and reopening', () => {
  test('completed_at is the server\'s time of completion; completing again keeps it; reopening clears it', async () => {
    const item = await todo('Buy milk due:tomorrow')
    t.clock.advance(HOUR)
    const done = await setDone(item.id, true)
    expect(done).toEqual({ ...item, is_completed: true, completed_at: '2026-06-24T11:00:00.000Z', updated_at: '2026-06-24T11:00:00.000Z' })

    t.clock.advance(HOUR)
    expect(await setDone(item.id, true)).toEqual(done)

    t.clock.advance(HOUR)
    const open = await setDone(item.id, false)
    expect(open).toEqual({ ...item, updated_at: '2026-06-24T13:00:00.000Z' })
    expect(await todos()).toEqual([open])
  })

  test('a completed_at sent by the client is ignored, with or without is_completed', async () => {
    const item = await todo('Buy milk')
    expect((await patch(item.id, { completed_at: '2020-01-01T00:00:00.000Z' })).body.data).toEqual(item)
    const done = (await patch(item.id, { is_completed: true, completed_at: '2020-01-01T00:00:00.000Z' })).body.data
    expect(done.completed_at).toBe('2026-06-24T10:00:00.000Z')
  })

  test('another user cannot complete it', async () => {
    const item = await todo('Buy milk')
    expect404(await patch(item.id, { is_completed: true }, bob))
    expect((await show(item.id)).body.data.is_completed).toBe(false)
  })

  test('a to-do without a repeat has no next occurrence', async () => {
    const item = await todo('Dentist due:2026-07-03')
    expect(await setDone(item.id, true)).toMatchObject({ is_completed: true, next_id: null })
    expect(await todos()).toHaveLength(1)
  })
})

describe('rolling over', () => {
  test('completing a repeating to-do creates its next occurrence: same fields, open, next due date; the completed one stays', async () => {
    const item = await commitOk(t, alice, {
      content: 'Pay rent #home /finance due:2026-06-30 repeat:monthly link:bank.example/rent', content_type: 'todo',
      metadata: { description: 'By transfer', priority: 'high' },
    })
    t.clock.advance(MINUTE)
    const done = await setDone(item.id, true)
    expect(done).toEqual({ ...item, is_completed: true, completed_at: '2026-06-24T10:01:00.000Z', next_id: done.next_id, updated_at: '2026-06-24T10:01:00.000Z' })
    expect(done.next_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)

    const next = (await show(done.next_id)).body.data
    expect(next).toEqual({
      ...item, id: done.next_id, due_at: '2026-07-30', created_at: '2026-06-24T10:01:00.000Z', updated_at: '2026-06-24T10:01:00.000Z',
    })
    expect(await todos('?status=open')).toEqual([next])
    expect(await todos('?status=done')).toEqual([done])
  })

  // Each row: the repeat, the due date completed, and the next due dates as each next occurrence is completed in turn.
  test.each([
    ['daily', '2026-12-30', ['2026-12-31', '2027-01-01', '2027-01-02']],
    ['daily', '2028-02-28', ['2028-02-29', '2028-03-01']],
    // Europe moves its clocks on 2026-03-29 and 2026-10-25: a week is still seven dates.
    ['weekly', '2026-03-26', ['2026-04-02', '2026-04-09']],
    ['weekly', '2026-10-22', ['2026-10-29']],
    ['weekly', '2026-12-29', ['2027-01-05']],
    ['monthly', '2026-01-31', ['2026-02-28', '2026-03-28']],
    ['monthly', '2028-01-31', ['2028-02-29', '2028-03-29']],
    ['monthly', '2026-03-31', ['2026-04-30', '2026-05-30']],
    ['monthly', '2026-12-31', ['2027-01-31', '2027-02-28']],
    ['monthly', '2026-11-15', ['2026-12-15', '2027-01-15']],
    ['yearly', '2028-02-29', ['2029-02-28', '2030-02-28']],
    ['yearly', '2027-03-01', ['2028-03-01']],
    ['yearly', '2099-12-31', ['2100-12-31']],
  ])('%s from %s → %j', async (repeat, due, expected) => {
    await createUser(t, { timezone: 'Europe/Berlin' })
    let current = await todo(`Chore due:${due} repeat:${repeat}`)
    const seen: string[] = []
    for (let i = 0; i < expected.length; i++) {
      t.clock.advance(HOUR)
      const done = await setDone(current.id, true)
      current = (await show(done.next_id)).body.data
      seen.push(current.due_at)
      expect(current).toMatchObject({ repeat, is_completed: false, completed_at: null, next_id: null })
    }
    expect(seen).toEqual(expected)
  })

  test('a to-do completed late rolls over from its due date, not from the day it was done', async () => {
    const item = await todo('Water plants due:2026-06-01 repeat:weekly')
    t.clock.set('2026-06-30T08:00:00Z')
    const done = await setDone(item.id, true)
    expect((await show(done.next_id)).body.data.due_at).toBe('2026-06-08')
  })

  test('a repeating to-do without a due date (older data) rolls over from the user\'s today in their timezone', async () => {
    const kiwi = await createUser(t, { timezone: 'Pacific/Auckland' })
    const row = await insertLibraryItem(t.deps, kiwi.id, 'todos', { title: 'Stretch', repeat: 'daily' })
    // 13:00 UTC on the 24th is 01:00 on the 25th in Auckland.
    t.clock.set('2026-06-24T13:00:00Z')
    const r = await patch(row.id, { is_completed: true }, kiwi)
    const next = await t.request('GET', `/api/v1/libraries/todos/${r.body.data.next_id}`, { token: kiwi.token })
    expect(next.body.data).toMatchObject({ title: 'Stretch', repeat: 'daily', due_at: '2026-06-26', is_completed: false })
  })

  test('a next date after 9999-12-31 is none: completed without a successor', async () => {
    const item = await todo('End of time due:9999-12-31 repeat:daily')
    expect(await setDone(item.id, true)).toMatchObject({ is_completed: true, next_id: null })
    expect(await todos()).toHaveLength(1)
  })

  test('two completions at once roll over once', async () => {
    const item = await todo('Pay rent due:2026-06-30 repeat:monthly')
    const answers = await Promise.all([patch(item.id, { is_completed: true }), patch(item.id, { is_completed: true })])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(await todos('?status=open')).toHaveLength(1)
    expect(await todos()).toHaveLength(2)
  })
})

describe('reopening undoes the roll-over', () => {
  async function rolledOver() {
    const item = await todo('Pay rent due:2026-06-30 repeat:monthly')
    t.clock.advance(MINUTE)
    const done = await setDone(item.id, true)
    t.clock.advance(MINUTE)
    return { item, nextId: done.next_id as string }
  }

  test('an untouched next occurrence is deleted', async () => {
    const { item, nextId } = await rolledOver()
    const open = await setDone(item.id, false)
    expect(open).toMatchObject({ is_completed: false, completed_at: null, next_id: null, due_at: '2026-06-30' })
    expect404(await show(nextId))
    expect(await todos()).toEqual([open])
  })

  test('an edited next occurrence stays, and completing again creates no second one', async () => {
    const { item, nextId } = await rolledOver()
    expect((await patch(nextId, { title: 'Pay the rent' })).status).toBe(200)
    expect(await setDone(item.id, false)).toMatchObject({ is_completed: false, next_id: nextId })
    expect((await show(nextId)).body.data.title).toBe('Pay the rent')
    expect(await setDone(item.id, true)).toMatchObject({ next_id: nextId })
    expect(await todos()).toHaveLength(2)
  })

  test('an edit in the very millisecond of the roll-over still counts as a touch', async () => {
    const item = await todo('Pay rent due:2026-06-30 repeat:monthly')
    const done = await setDone(item.id, true)
    expect((await patch(done.next_id, { priority: 'high' })).status).toBe(200)
    await setDone(item.id, false)
    expect((await show(done.next_id)).body.data.priority).toBe('high')
  })

  test('a completed next occurrence stays (with its own next one)', async () => {
    const { item, nextId } = await rolledOver()
    const second = await setDone(nextId, true)
    await setDone(item.id, false)
    expect((await show(nextId)).body.data).toMatchObject({ is_completed: true, next_id: second.next_id })
    expect(await todos()).toHaveLength(3)
  })

  test('a deleted next occurrence is forgotten; completing again creates a new one', async () => {
    const { item, nextId } = await rolledOver()
    expect((await t.request('DELETE', `/api/v1/libraries/todos/${nextId}`, { token: alice.token })).status).toBe(200)
    expect(await setDone(item.id, false)).toMatchObject({ next_id: null })
    const again = await setDone(item.id, true)
    expect(again.next_id).not.toBe(nextId)
    expect((await show(again.next_id)).body.data.due_at).toBe('2026-07-30')
  })

  test('an edit that leaves is_completed as it is does not reopen or roll over', async () => {
    const { item, nextId } = await rolledOver()
    expect(await (await patch(item.id, { title: 'Rent', is_completed: true })).body.data).toMatchObject({ title: 'Rent', is_completed: true, next_id: nextId })
    expect(await todos()).toHaveLength(2)
  })
})

describe('the to-do list: status, sort, due_until (§9)', () => {
  async function fill() {
    const add = async (content: string) => {
      t.clock.advance(MINUTE)
      return todo(content)
    }
    const a = await add('A due:2026-07-01')
    const b = await add('B')
    const c = await add('C due:2026-06-20')
    const d = await add('D due:2026-06-24')
    const e = await add('E due:2026-06-24')
    const f = await add('F due:2026-06-10')
    await setDone(f.id, true)
    await commitOk(t, bob, { content: 'Not mine due:2026-06-01', content_type: 'todo' })
    return { a, b, c, d, e, f }
  }
  const titles = async (query: string) => (await todos(query)).map((i) => i.title)

  test('status and sort', async () => {
    await fill()
    expect(await titles('')).toEqual(['F', 'E', 'D', 'C', 'B', 'A'])
    expect(await titles('?status=all')).toEqual(['F', 'E', 'D', 'C', 'B', 'A'])
    expect(await titles('?status=open')).toEqual(['E', 'D', 'C', 'B', 'A'])
    expect(await titles('?status=done')).toEqual(['F'])
    expect(await titles('?status=open&sort=due')).toEqual(['C', 'D', 'E', 'A', 'B'])
    expect(await titles('?sort=due')).toEqual(['F', 'C', 'D', 'E', 'A', 'B'])
    expect(await titles('?sort=created')).toEqual(['F', 'E', 'D', 'C', 'B', 'A'])
  })

  test('due_until: due on or before the date, undated left out; pages count what the filter keeps', async () => {
    await fill()
    expect(await titles('?status=open&sort=due&due_until=2026-06-24')).toEqual(['C', 'D', 'E'])
    const r = await t.request('GET', '/api/v1/libraries/todos?status=open&sort=due&due_until=2026-06-24&per_page=2&page=2', { token: alice.token })
    expect(r.body.data.map((i: any) => i.title)).toEqual(['E'])
    expect(r.body.meta.pagination).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 })
  })

  test.each([
    ['?status=closed', { status: ['The selected status is invalid.'] }],
    ['?sort=title', { sort: ['The selected sort is invalid.'] }],
    ['?due_until=2026-02-30', { due_until: ['The due until field must be a valid date in the format YYYY-MM-DD.'] }],
  ])('%s → 422', async (query, errors) => {
    const r = await t.request('GET', `/api/v1/libraries/todos${query}`, { token: alice.token })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual(errors)
  })

  test('other libraries ignore the to-do parameters', async () => {
    await commitOk(t, alice, { content: 'A note', content_type: 'note' })
    const r = await t.request('GET', '/api/v1/libraries/notes?status=done&sort=due&due_until=2000-01-01', { token: alice.token })
    expect(r.body.data.map((i: any) => i.title)).toEqual(['A note'])
  })
})
