import { expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { checkIns } from '../../src/features/check-in/schema'
import { fetchArchive, parseCsv, runJobWriting, startExport } from './helpers'

const t = useTestApp()

test('check-ins over several pages come out whole, in date order and as they were when the job began', async () => {
  const alice = await createUser(t)
  const bob = await createUser(t)
  // 1,201 entries (three pages of the check-in store's pageByDate), every other day
  const day = (i: number) => new Date(Date.UTC(2020, 0, 1 + 2 * i)).toISOString().slice(0, 10)
  const dates = Array.from({ length: 1201 }, (_, i) => day(i))
  for (const [i, date] of dates.entries()) await t.deps.stores.checkIns.upsert(alice.id, date, { mood: (i % 5) + 1 }, t.clock.now())
  await t.deps.stores.checkIns.upsert(bob.id, day(3), { mood: 5 }, t.clock.now())
  const listed = (await t.request('GET', '/api/v1/check-in', { token: alice.token })).body.data.reverse()

  const id = await startExport(t, alice, ['checkIn'])
  // Once the job has opened its snapshot and its part file, alice writes: a new date between two, one after the
  // last, and a change on the third page. The archive shows none of it.
  await runJobWriting(t, id, (at) => {
    t.deps.db.insert(checkIns).values([
      { userId: alice.id, date: '2020-01-02', mood: 1, createdAt: at, updatedAt: at },
      { userId: alice.id, date: '2030-01-01', mood: 1, createdAt: at, updatedAt: at },
    ]).run()
    t.deps.db.update(checkIns).set({ mood: null, updatedAt: at }).where(eq(checkIns.date, day(1100))).run()
  })
  expect((await t.request('GET', '/api/v1/check-in', { token: alice.token })).body.data).toHaveLength(1203)

  const archive = await fetchArchive(t, alice, id)
  expect(archive.json('data.json').data.checkIn).toEqual(listed)
  const [header, ...rows] = parseCsv(archive.text('check_ins.csv'))
  expect(header![0]).toBe('Date')
  expect(rows.map((r) => r[0])).toEqual(dates)
  expect(rows.map((r) => r[1])).toEqual(dates.map((_, i) => String((i % 5) + 1)))
  expect(archive.json('manifest.json').features).toEqual([{ name: 'checkIn', count: 1201, files: ['check_ins.csv', 'trackers.csv', 'activities.csv', 'sports.csv'], trackers: 0, activities: 0, sports: 0 }])
})
