/**
 * One incoming update (docs/api/chatbot.md §5.3): filtering, then a command or quick-add text for the chat, or a tap on
 * a reminder's button (§6.4).
 */
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { findLinkedChat } from './connections'
import { sendToChat } from './send'
import { runCommand, parseCommand } from './bot-commands'
import { handleQuickAddText } from './bot-dialogue'
import { handleCallbackQuery, type CallbackQuery } from './bot-callbacks'
import { TEXT_ONLY, UNEXPECTED, UNLINKED_REPLY } from './texts'

export interface Message {
  text?: unknown
  chat?: { id?: number | string; type?: string }
  from?: { is_bot?: boolean }
}

export interface Update { update_id: number; message?: Message; callback_query?: CallbackQuery }

/**
 * Handles one update; never throws. Only private chats and human senders are served (in a group any member
 * could otherwise add to the account).
 */
export async function handleUpdate(deps: Deps, update: Update): Promise<void> {
  if (update.callback_query && typeof update.callback_query === 'object') {
    await handleCallbackQuery(deps, update.callback_query)
      .catch((err) => deps.logger.error('telegram callback query failed', { update_id: update.update_id, ...errorFields(err) }))
    return
  }
  const message = update.message
  if (!message || typeof message !== 'object') return
  if (message.chat?.type !== 'private' || message.from?.is_bot === true) return
  const rawId = message.chat.id
  if (typeof rawId !== 'number' && typeof rawId !== 'string') return
  const chatId = String(rawId)
  try {
    await handleMessage(deps, chatId, message)
  } catch (err) {
    deps.logger.error('telegram update failed', { update_id: update.update_id, chat_id: chatId, ...errorFields(err) })
    await sendToChat(deps, chatId, UNEXPECTED).catch(() => {})
  }
}

async function handleMessage(deps: Deps, chatId: string, message: Message): Promise<void> {
  const linked = findLinkedChat(deps, chatId)
  if (typeof message.text !== 'string') {
    await sendToChat(deps, chatId, linked ? TEXT_ONLY : UNLINKED_REPLY)
    return
  }
  const text = message.text.trim()
  if (text.startsWith('/')) {
    await runCommand(deps, chatId, linked?.user, parseCommand(text))
    return
  }
  if (!linked) {
    await sendToChat(deps, chatId, UNLINKED_REPLY)
    return
  }
  await handleQuickAddText(deps, chatId, linked.user, text)
}
