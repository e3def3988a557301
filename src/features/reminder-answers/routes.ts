import { Elysia, t } from 'elysia'
import type { Deps } from '../../lib/deps'
import { MINUTE } from '../../lib/clock'
import type { Limiter } from '../../lib/http/rate-limit'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { Envelope } from '../../lib/http/schemas'
import { answerFromNtfy } from './ntfy-answer'
import { readDay, writeDay } from './day-pass'
import { CheckInEntry, CheckInResponse, UpsertCheckIn } from '../check-in/model'
import { REMINDER_ANSWERS_PATH } from './paths'

/** A person taps a few buttons an evening; a script guessing tokens is slowed to a crawl (and a guess is 96 bits). */
const answerLimit = (ip: string): Limiter[] => [{ name: 'reminder-answers', limit: 20, windowMs: MINUTE, key: ip }]

/** The link's page reads once and writes a few times; the same bound keeps guessing as slow as on the ntfy door. */
const dayLimit = (ip: string): Limiter[] => [{ name: 'reminder-day-pass', limit: 30, windowMs: MINUTE, key: ip }]

const Token = t.Object({ token: t.String({ maxLength: 64 }) })
const Question = t.Object({
  code: t.String(), field: t.String(), label: t.String(), choices: t.Array(t.Object({ value: t.Number(), label: t.String() })), value: t.Union([t.Number(), t.Null()]),
})
const DayEnvelope = Envelope(t.Object({ date: t.String(), check_in: t.Union([CheckInEntry, t.Null()]), questions: t.Array(Question) }))

const AnswerEnvelope = Envelope(t.Object({ date: t.String(), question: t.String(), value: t.Number(), written: t.Boolean() }))

/** docs/api/notifications.md §7.2–7.3: public, the signed token is the only credential. */
export function reminderAnswerRoutes(deps: Deps) {
  return new Elysia({ name: 'reminder-answers', prefix: REMINDER_ANSWERS_PATH })
    .use(guard(deps))
    .post('/:token', async ({ params }) => ok(deps.clock, 'Answer saved.', await answerFromNtfy(deps, params.token)), {
      rateLimit: answerLimit,
      params: Token,
      response: { 200: AnswerEnvelope },
      detail: { tags: ['notifications'], summary: 'Answer the check-in reminder from an ntfy action (signed, single-day token; no sign-in)' },
    })
    .get('/day/:token', async ({ params }) => ok(deps.clock, 'Check-in data retrieved successfully.', await readDay(deps, params.token)), {
      rateLimit: dayLimit,
      params: Token,
      response: { 200: DayEnvelope },
      detail: { tags: ['notifications'], summary: "The check-in of the day a reminder's link opens, and what its page asks (never writes)" },
    })
    .post('/day/:token', async ({ params, body }) => ok(deps.clock, 'Check-in data created successfully.', await writeDay(deps, params.token, body)), {
      rateLimit: dayLimit,
      params: Token,
      parse: 'json',
      body: UpsertCheckIn.checkedByVerb,
      response: { 200: CheckInResponse },
      detail: { tags: ['notifications'], summary: "Write the check-in of the day a reminder's link opens (the check-in verb's body; that day only)" },
    })
}
