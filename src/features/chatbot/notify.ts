/** Plain notifications to a user's linked chat (docs/api/export.md §9), whatever the alert toggles say. */
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { findConnectionOfUser } from './connections'
import { sendToChat } from './send'

/** Sends `text` to the user's confirmed chat, if any; a no-op when no bot is configured. Never throws. */
export async function notifyUser(deps: Deps, userId: string, text: string): Promise<void> {
  if (!deps.telegram) return
  try {
    const chatId = findConnectionOfUser(deps, userId)?.chatId
    if (chatId) await sendToChat(deps, chatId, text)
  } catch (err) {
    deps.logger.error('chat notification failed', { user_id: userId, ...errorFields(err) })
  }
}
