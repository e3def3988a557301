import { Elysia, t } from 'elysia'
import type { Deps } from '../../lib/deps'
import { MINUTE } from '../../lib/clock'
import type { Limiter } from '../../lib/http/rate-limit'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { Envelope } from '../../lib/http/schemas'
import { answerFromNtfy } from './ntfy-answer'
import { REMINDER_ANSWERS_PATH } from './paths'

/** A person taps a few buttons an evening; a script guessing tokens is slowed to a crawl (and a guess is 96 bits). */
const answerLimit = (ip: string): Limiter[] => [{ name: 'reminder-answers', limit: 20, windowMs: MINUTE, key: ip }]

const AnswerEnvelope = Envelope(t.Object({ date: t.String(), question: t.String(), value: t.Number(), written: t.Boolean() }))

/** docs/api/notifications.md §7.2: public, the signed token is the only credential. */
export function reminderAnswerRoutes(deps: Deps) {
  return new Elysia({ name: 'reminder-answers', prefix: REMINDER_ANSWERS_PATH })
    .use(guard(deps))
    .post('/:token', async ({ params }) => ok(deps.clock, 'Answer saved.', await answerFromNtfy(deps, params.token)), {
      rateLimit: answerLimit,
      params: t.Object({ token: t.String({ maxLength: 64 }) }),
      response: { 200: AnswerEnvelope },
      detail: { tags: ['notifications'], summary: 'Answer the check-in reminder from an ntfy action (signed, single-day token; no sign-in)' },
    })
}
