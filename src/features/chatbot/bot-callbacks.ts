/**
 * A tap on a button of the check-in reminder (docs/api/chatbot.md §6.4): a `callback_query` whose data is a signed
 * answer. It is answered (answerCallbackQuery: the tapping client stops its spinner and shows a short note), the value
 * is written into the day's check-in, and the message is edited to ask the next pinned question. Refused without a
 * write: data this server did not sign, a tap from a chat other than the one linked to the account in the data, a
 * day that is over. A repeated tap changes nothing (reminder-answers/answer.ts: the first answer wins).
 */
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { TelegramError } from '../../lib/telegram'
import { dayOf, findUser, isTheirToday, recordAnswer } from '../reminder-answers/answer'
import { pinnedQuestions, type Question } from '../reminder-answers/questions'
import { verifyAnswer } from '../reminder-answers/token'
import { findConnectionOfUser } from './connections'
import { answerKeyboard, DONE, walkText } from './reminder-keyboard'
import { TAP_ALREADY, TAP_EXPIRED, TAP_FORGED, TAP_GONE, TAP_OTHER_CHAT, TAP_SAVED } from './texts'

export interface CallbackQuery {
  id?: unknown
  from?: { id?: number | string; is_bot?: boolean }
  message?: { message_id?: number; chat?: { id?: number | string; type?: string } }
  data?: unknown
}

export async function handleCallbackQuery(deps: Deps, query: CallbackQuery): Promise<void> {
  if (typeof query.id !== 'string') return
  const reply = (text: string) => answerQuery(deps, query.id as string, text)
  const claim = typeof query.data === 'string' ? verifyAnswer(deps.appKey, 't', query.data) : undefined
  if (!claim) return reply(TAP_FORGED)
  const chatId = findConnectionOfUser(deps, claim.userId)?.chatId
  const message = query.message
  if (!chatId || String(message?.chat?.id) !== chatId || String(query.from?.id) !== chatId || typeof message?.message_id !== 'number') {
    deps.logger.warn('telegram reminder answer from another chat refused', { user_id: claim.userId })
    return reply(TAP_OTHER_CHAT)
  }
  const edit = (questions: Question[], day: Parameters<typeof walkText>[2], next: Question | undefined) =>
    editMessage(deps, chatId, message.message_id!, walkText(claim.date, questions, day, next), answerKeyboard(deps, claim.userId, claim.date, next))

  if (claim.question === DONE) {
    const user = findUser(deps, claim.userId)
    if (!user || !isTheirToday(deps, user, claim.date)) return reply(user ? TAP_EXPIRED : TAP_GONE)
    await reply(TAP_SAVED)
    return edit(await pinnedQuestions(deps, user), await dayOf(deps, user.id, claim.date), undefined)
  }
  const outcome = await recordAnswer(deps, claim)
  if (outcome.status === 'expired') return reply(TAP_EXPIRED)
  if (outcome.status === 'unknown') return reply(TAP_GONE)
  await reply(outcome.status === 'written' ? TAP_SAVED : TAP_ALREADY)
  if (outcome.status === 'kept') return
  const questions = await pinnedQuestions(deps, outcome.user)
  const after = questions.slice(questions.findIndex((q) => q.code === outcome.question.code) + 1)
  await edit(questions, outcome.day, after.find((q) => q.stored(outcome.day) === undefined))
}

/** The client waits for this answer (a spinner on the button): it is sent once per tap, and a failure is only logged. */
async function answerQuery(deps: Deps, id: string, text: string): Promise<void> {
  await deps.telegram?.call('answerCallbackQuery', { callback_query_id: id, text })
    .catch((err) => deps.logger.warn('telegram answerCallbackQuery failed', errorFields(err)))
}

async function editMessage(deps: Deps, chatId: string, messageId: number, text: string, keyboard: unknown): Promise<void> {
  try {
    await deps.telegram?.call('editMessageText', { chat_id: chatId, message_id: messageId, text, reply_markup: keyboard })
  } catch (err) {
    // "message is not modified": a "Done" tapped twice; anything else leaves the message as it was, the answer is saved.
    if (err instanceof TelegramError && /not modified/i.test(err.description)) return
    deps.logger.warn('telegram editMessageText failed', errorFields(err))
  }
}
