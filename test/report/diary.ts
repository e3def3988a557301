/**
 * A person's days for the report tests, written through the API: a week of June 2026 with mood and sleep, and
 * on the same days what a mood report must never show — menstruation and alcohol, an own weight in kg, a yes/no
 * tracker, notes — plus a day outside the week with a note of its own.
 */
import { expect } from 'bun:test'
import type { TestApp } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'

/** Values no report of mood and sleep may contain, in words or figures. */
export const SECRET = { weight: 987.6, note: 'Told nobody about the appointment', outside: 'A note from before the week' }
export const WEEK = { from: '2026-06-15', to: '2026-06-21' }

export interface Diary { weightId: number; meditatedId: number }

export async function writeDiary(t: TestApp, user: TestUser): Promise<Diary> {
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await t.request('POST', `/api/v1${path}`, { token: user.token, body })
    expect(r.status).toBe(201)
    return r.body.data
  }
  const weight = await post('/trackers', { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 })
  const meditated = await post('/trackers', { name: 'Meditated', kind: 'yesno' })
  const moods = [2, 3, null, 4, 5, 3, 4]
  for (const [i, mood] of moods.entries()) {
    const date = `2026-06-${15 + i}`
    await post('/check-in', {
      date, mood, sleep: 3 + (i % 3), menstruation: 5, alcohol: 5,
      values: { [weight.id]: i === 3 ? SECRET.weight : 70 + i / 10, [meditated.id]: i % 2 === 0 },
      note: i === 1 ? `${SECRET.note} <script>alert(1)</script> & more` : null,
    })
  }
  await post('/check-in', { date: '2026-06-10', mood: 1, note: SECRET.outside })
  return { weightId: weight.id, meditatedId: meditated.id }
}
