/** docs/api/notifications.md §7.2 — the answer an ntfy action posts: written once, refused when forged or too late. */
import type { Deps } from '../../lib/deps'
import { ForbiddenError, GoneError } from '../../lib/errors'
import { recordAnswer } from './answer'
import { verifyAnswer } from './token'

export interface AnswerView { date: string; question: string; value: number; written: boolean }

export async function answerFromNtfy(deps: Deps, token: string): Promise<AnswerView> {
  const claim = verifyAnswer(deps.appKey, 'n', token)
  if (!claim) throw new ForbiddenError('This answer link is not valid.', 'invalid_answer_token')
  const outcome = await recordAnswer(deps, claim)
  if (outcome.status === 'expired') throw new GoneError('This reminder has expired. Check in from the app.', 'answer_expired')
  if (outcome.status === 'unknown') throw new GoneError('This question is no longer asked. Check in from the app.', 'answer_gone')
  // A second tap is no error: the first answer stands and the request is answered like the first.
  return { date: claim.date, question: outcome.question.label, value: outcome.question.stored(outcome.day)!, written: outcome.status === 'written' }
}
