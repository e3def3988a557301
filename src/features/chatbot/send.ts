/** Sending to a chat through the Bot API client, with the account side of docs/api/chatbot.md §5.2 (unlinking). */
import type { Deps } from '../../lib/deps'
import type { SendOptions, SendOutcome } from '../../lib/telegram'
import { unlinkChat } from './connections'

/**
 * Sends one text; a chat that blocked the bot or no longer exists (403, 400 "chat not found") is unlinked
 * (docs/api/chatbot.md §3). Without a bot nothing is sent.
 */
export async function sendToChat(deps: Deps, chatId: string, text: string, opts?: SendOptions): Promise<SendOutcome> {
  if (!deps.telegram) return 'rejected'
  const outcome = await deps.telegram.sendMessage(chatId, text, opts)
  if (outcome === 'chat_gone') unlinkChat(deps, chatId)
  return outcome
}
