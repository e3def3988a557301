/**
 * The Telegram side of the alerts, behind notifications' narrow interface (notifications/alert-chat.ts): who
 * turned which alert on in a linked chat, the chat's reminder text (docs/api/chatbot.md §6.2), and sending with the
 * outcome in the notifications' terms; the check-in reminder carries its answer buttons (§6.4). Without a bot no one subscribes, so nothing is claimed or sent.
 */
import { isNotNull } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { SendOutcome } from '../../lib/telegram'
import type { AlertChat } from '../notifications/alert-chat'
import type { SendResult } from '../notifications/send'
import { TELEGRAM_CHANNEL } from '../notifications/schema'
import type { AlertKind } from '../notifications/times'
import { chatbotConnections } from './schema'
import { findConnectionOfUser } from './connections'
import { sendToChat } from './send'
import { checkInReminderText } from './texts'
import { answerKeyboard } from './reminder-keyboard'
import { findUser } from '../reminder-answers/answer'
import { pinnedQuestions } from '../reminder-answers/questions'

/** The reminder's buttons ask the first pinned question (mood): the day has no check-in, or it would not be sent. */
async function firstQuestionKeyboard(deps: Deps, userId: string, date: string) {
  const user = findUser(deps, userId)
  return user ? answerKeyboard(deps, userId, date, (await pinnedQuestions(deps, user))[0]) : undefined
}

/** `failed` comes after the client's own three attempts, so the delivery log retries it on a later tick. */
const RESULTS: Record<SendOutcome, SendResult> = {
  sent: { status: 'sent' },
  failed: { status: 'transient', error: 'Telegram could not be reached' },
  chat_gone: { status: 'permanent', error: 'the chat blocked the bot or is gone; it was unlinked' },
  rejected: { status: 'permanent', error: 'Telegram refused the message' },
}

export function telegramAlerts(deps: Deps): AlertChat {
  return {
    channel: TELEGRAM_CHANNEL,
    subscribers() {
      // deps.telegram is read at every tick: tests attach their Bot API client after the app is built.
      if (!deps.telegram) return new Map()
      const rows = deps.db.select({ userId: chatbotConnections.userId, yourDay: chatbotConnections.yourDayAlert, checkIn: chatbotConnections.checkInAlert })
        .from(chatbotConnections)
        // Every linked chat, with no daily alert on too: the weekly summary's switch is in the notification settings.
        .where(isNotNull(chatbotConnections.chatId))
        .all()
      return new Map(rows.map((r) => {
        const kinds = new Set<AlertKind>()
        if (r.yourDay) kinds.add('your_day')
        if (r.checkIn) kinds.add('check_in')
        return [r.userId, kinds] as const
      }))
    },
    reminderText: (date, own) => checkInReminderText(deps.config.frontendUrl, date, own),
    async send(userId, message) {
      const chatId = findConnectionOfUser(deps, userId)?.chatId
      if (!chatId) return { status: 'permanent', error: 'the chat was unlinked meanwhile' }
      const keyboard = message.kind === 'check_in' ? await firstQuestionKeyboard(deps, userId, message.date) : undefined
      return RESULTS[await sendToChat(deps, chatId, message.text, keyboard ? { reply_markup: keyboard } : undefined)]
    },
  }
}
