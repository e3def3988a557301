/**
 * Writing one answer of a reminder (a Telegram tap, an ntfy action) into the day's check-in: the same entry the app
 * shows, through the check-in store's partial upsert. The first answer to a question wins: an answer that finds the
 * question answered already (a second tap, a replayed token, a value set in the app meanwhile) changes nothing, so
 * a replay can never overwrite what the person chose; changing an answer is the app's job.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { userToday } from '../../lib/local-time'
import { users, type UserRow } from '../users/schema'
import type { CheckInDay } from '../check-in/store'
import { allQuestions, type Question } from './questions'
import type { AnswerClaim } from './token'

export type AnswerOutcome =
  | { status: 'written' | 'kept'; user: UserRow; question: Question; day: CheckInDay }
  /** the claim's day is over (or not begun) for the person */
  | { status: 'expired' }
  /** the person, the question or the value is no longer there to answer */
  | { status: 'unknown' }

export function findUser(deps: Pick<Deps, 'db'>, userId: string): UserRow | undefined {
  return deps.db.select().from(users).where(eq(users.id, userId)).get()
}

/** Whether `date` is the person's day now: a signed answer is good until the end of its day (their day start, zone). */
export const isTheirToday = (deps: Pick<Deps, 'clock'>, user: UserRow, date: string) => userToday(user, deps.clock) === date

export async function dayOf(deps: Pick<Deps, 'stores'>, userId: string, date: string): Promise<CheckInDay | undefined> {
  return (await deps.stores.checkIns.list(userId, date, date))[0]
}

export async function recordAnswer(deps: Deps, claim: AnswerClaim): Promise<AnswerOutcome> {
  const user = findUser(deps, claim.userId)
  if (!user) return { status: 'unknown' }
  if (!isTheirToday(deps, user, claim.date)) return { status: 'expired' }
  const question = (await allQuestions(deps, user)).find((q) => q.code === claim.question)
  if (!question || !question.choices.some((c) => c.value === claim.value)) return { status: 'unknown' }
  const before = await dayOf(deps, user.id, claim.date)
  if (question.stored(before) !== undefined) return { status: 'kept', user, question, day: before! }
  // Two answers at once (two taps, two devices) both find the question open: the store's fill keeps the first one's
  // value, and the other learns it was kept.
  const { sent, extras } = question.write(claim.value)
  const day = await deps.stores.checkIns.upsert(user.id, claim.date, sent, deps.clock.now(), extras, { fill: true })
  return { status: question.stored(day) === claim.value ? 'written' : 'kept', user, question, day }
}
