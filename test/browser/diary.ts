/** A year of check-ins for the history page's tests, posted through the API like the check-in page does. */
import type { TestApp } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'
import { addDays } from '../../src/web/pages/check-in/trackers'

export const postCheckIn = (t: TestApp, user: TestUser, body: Record<string, unknown>) =>
  t.request('POST', '/api/v1/check-in', { token: user.token, body })

/**
 * About a year of check-ins on ~120 days with the rhythm of a real diary (almost daily in recent weeks, now and
 * then before), values drifting like moods do, all sent at once. `skip` days get no entry. Returns how many.
 */
export async function seedYear(t: TestApp, user: TestUser, today: string, skip = new Set<string>()): Promise<number> {
  // A fixed pseudo-random sequence: the same "diary" (and screenshot) on every run.
  let seed = 7
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const drift = { mood: 3, sleep: 3, water: 3, food_quality: 3, food_amount: 3, work: 3, dreams: 2 }
  const step = (value: number) => Math.min(5, Math.max(1, value + (random() < 0.35 ? -1 : random() < 0.5 ? 1 : 0)))
  const posts: Promise<unknown>[] = []
  for (let back = 364; back >= 0; back -= 1) {
    const date = addDays(today, -back)
    for (const key of Object.keys(drift) as (keyof typeof drift)[]) drift[key] = step(drift[key])
    const chance = back < 45 ? 0.8 : 0.25
    if (skip.has(date) || random() > chance) continue
    const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())
    posts.push(postCheckIn(t, user, {
      date, ...drift, work: weekend ? 1 : drift.work, dreams: random() < 0.3 ? null : drift.dreams,
      sports: random() < 0.45 ? null : 1 + Math.floor(random() * 5),
    }))
  }
  await Promise.all(posts)
  return posts.length
}
