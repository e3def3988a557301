/** The bot's commands (docs/api/chatbot.md §5.4). */
import type { Deps } from '../../lib/deps'
import type { UserRow } from '../users/schema'
import { sendToChat } from './send'
import { unlinkChat } from './connections'
import { connectChat } from './bot-connect'
import { endDialogue } from './dialogues'
import { yourDayText } from '../notifications/your-day'
import { todoListText } from './todo-list'
import { userToday } from '../../lib/local-time'
import { CONNECT_USAGE, DISCONNECTED, HELP_TEXT, REMOVE_KEYBOARD, UNKNOWN_COMMAND, UNLINKED_REPLY } from './texts'

export interface Command { name: string; arg: string }

/** The first word, lowercased and without a `@botname` suffix; the argument is the rest, trimmed. */
export function parseCommand(text: string): Command {
  const match = /^\/(\S*)([\s\S]*)$/.exec(text)!
  return { name: match[1]!.toLowerCase().replace(/@.*$/, ''), arg: match[2]!.trim() }
}

/**
 * Runs a command for a chat; `user` is the linked account, if any. Any command ends a pending dialogue, and
 * the reply that ends one removes its keyboard (docs/api/chatbot.md §5.4, 5.7).
 */
export async function runCommand(deps: Deps, chatId: string, user: UserRow | undefined, command: Command): Promise<void> {
  const opts = endDialogue(deps, chatId) ? { reply_markup: REMOVE_KEYBOARD } : undefined
  const reply = (text: string) => sendToChat(deps, chatId, text, opts)
  switch (command.name) {
    case 'connect':
      await reply(command.arg ? connectChat(deps, chatId, command.arg) : CONNECT_USAGE)
      return
    case 'start':
      if (command.arg) await reply(connectChat(deps, chatId, command.arg))
      else await reply(user ? HELP_TEXT : UNLINKED_REPLY)
      return
    case 'help':
      await reply(HELP_TEXT)
      return
    case 'day':
      await reply(user ? await yourDayText(deps, user, userToday(user, deps.clock)) : UNLINKED_REPLY)
      return
    case 'todos':
      await reply(user ? await todoListText(deps, user) : UNLINKED_REPLY)
      return
    case 'disconnect':
      if (!user) {
        await reply(UNLINKED_REPLY)
        return
      }
      unlinkChat(deps, chatId)
      await reply(DISCONNECTED)
      return
    default:
      await reply(UNKNOWN_COMMAND)
  }
}
