/**
 * The check-in link of the e-mail and webhook reminders (docs/api/notifications.md §7.3): a signed, single-day
 * capability. The link is `{FRONTEND_URL}/check-in/date/{date}?pass={token}`; the token is no session and is never
 * exchanged for one: it opens exactly two doors, reading and writing the check-in of its person's one day
 * (GET/POST /api/v1/reminder-answers/day/{token}), until that day ends. Any other endpoint refuses it like any unknown
 * bearer token, so the link cannot read anything else. A GET never writes: a mail scanner that fetches the link
 * (the page, or the day's API) changes nothing, not even the reminder's "day has its check-in" state.
 */
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { ForbiddenError, GoneError } from '../../lib/errors'
import type { Unchecked } from '../../lib/validation'
import { upsertCheckIn } from '../check-in/check-ins'
import type { UpsertCheckIn } from '../check-in/model'
import { presentCheckIn, type CheckInEntry } from '../check-in/present'
import type { UserRow } from '../users/schema'
import { dayOf, findUser, isTheirToday } from './answer'
import { pinnedQuestions } from './questions'
import { signAnswer, verifyAnswer } from './token'

/** The question code of a link: the whole day's check-in, no single question. */
const DAY = 'c'

/** The web app's check-in page of `date` (what every reminder links). */
export const checkInPage = (deps: Pick<Deps, 'config'>, date: string) => `${deps.config.frontendUrl}/check-in/date/${date}`

/** The link of the reminder for `date`, or the plain page when a token cannot be made for the person. */
export function checkInLink(deps: Pick<Deps, 'appKey' | 'config'>, userId: string, date: string): string {
  const page = checkInPage(deps, date)
  const token = signAnswer(deps.appKey, { use: 'l', userId, date, question: DAY, value: 0 })
  return token === undefined ? page : `${page}?pass=${token}`
}

/** The person and day a pass opens; 403 when it is not one this server signed, 410 once the day is over. */
function openDay(deps: Deps, token: string): { user: UserRow; date: string } {
  const claim = verifyAnswer(deps.appKey, 'l', token)
  const user = claim && claim.question === DAY ? findUser(deps, claim.userId) : undefined
  if (!claim || !user) throw new ForbiddenError('This check-in link is not valid.', 'invalid_day_pass')
  if (!isTheirToday(deps, user, claim.date)) throw new GoneError('This check-in link has expired. Sign in to check in.', 'day_pass_expired')
  return { user, date: claim.date }
}

export interface DayView {
  date: string
  /** the day's check-in as GET /check-in shows it, null before any answer */
  check_in: CheckInEntry | null
  /** what the link's page asks (questions.ts), in order, with the day's answer (null: none yet) */
  questions: { code: string; field: string; label: string; choices: { value: number; label: string }[]; value: number | null }[]
}

/** GET: reads only. */
export async function readDay(deps: Deps, token: string): Promise<DayView> {
  const { user, date } = openDay(deps, token)
  const day = await dayOf(deps, user.id, date)
  const questions = (await pinnedQuestions(deps, user))
    .map(({ code, field, label, choices, stored }) => ({ code, field, label, choices, value: stored(day) ?? null }))
  return { date, check_in: day ? presentCheckIn(day) : null, questions }
}

/**
 * POST: the check-in verb itself (docs/api/check-in.md §3, §5: the same checks and the partial rule), for the pass's
 * person and day only; a body naming another date is refused.
 */
export async function writeDay(deps: Deps, token: string, body: Unchecked<typeof UpsertCheckIn>): Promise<CheckInEntry> {
  const { user, date } = openDay(deps, token)
  // The pass acts for its person on this one verb: an actor with no access token behind it.
  const actor: Actor = { user, tokenId: 0, platform: 'web' }
  // Not an object: the verb's own checks answer it (a 422 in the contract's words); there is no date to force.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return upsertCheckIn(deps, actor, body)
  if (body.date !== undefined && body.date !== date) throw new ForbiddenError('This check-in link opens only the check-in of its own day.', 'other_day')
  return upsertCheckIn(deps, actor, { ...body, date })
}
