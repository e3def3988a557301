/**
 * Quick add from a linked chat (docs/api/chatbot.md §5.7): a confident detection is saved at once; otherwise the bot
 * asks for the type with a reply keyboard and keeps the text in a 10-minute dialogue.
 */
import type { Deps } from '../../lib/deps'
import { ConflictError, ValidationError } from '../../lib/errors'
import type { SendOptions } from '../../lib/telegram'
import type { UserRow } from '../users/schema'
import { commitQuickAdd, detectQuickAdd } from '../quick-add/detect-and-commit'
import { sendToChat } from './send'
import { endDialogue, findPendingDialogue, startDialogue } from './dialogues'
import {
  ADD_REFUSED, ADDED_REPLIES, DIALOGUE_CANCELLED, DIALOGUE_CHOICES, DIALOGUE_KEYBOARD, DIALOGUE_PROMPT, REMOVE_KEYBOARD,
} from './texts'

const ENDS_DIALOGUE: SendOptions = { reply_markup: REMOVE_KEYBOARD }

export async function handleQuickAddText(deps: Deps, chatId: string, user: UserRow, text: string): Promise<void> {
  const pending = findPendingDialogue(deps, chatId, user.id)
  if (pending) {
    await answerDialogue(deps, chatId, user, pending.text, text)
    return
  }
  let detected: ReturnType<typeof detectQuickAdd>
  try {
    detected = detectQuickAdd(deps, user, text)
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err
    await sendToChat(deps, chatId, ADD_REFUSED)
    return
  }
  if (detected.needs_confirmation) {
    startDialogue(deps, chatId, user.id, detected.content)
    await sendToChat(deps, chatId, DIALOGUE_PROMPT, { reply_markup: DIALOGUE_KEYBOARD })
    return
  }
  await sendToChat(deps, chatId, await commitText(deps, user, detected.content, detected.content_type))
}

/** The answer to the type question: a keyboard label (any case) ends the dialogue; anything else re-asks. */
async function answerDialogue(deps: Deps, chatId: string, user: UserRow, original: string, answer: string): Promise<void> {
  const label = answer.trim().toLowerCase()
  if (label === 'cancel') {
    endDialogue(deps, chatId)
    await sendToChat(deps, chatId, DIALOGUE_CANCELLED, ENDS_DIALOGUE)
    return
  }
  const contentType = DIALOGUE_CHOICES[label]
  if (!contentType) {
    await sendToChat(deps, chatId, DIALOGUE_PROMPT, { reply_markup: DIALOGUE_KEYBOARD })
    return
  }
  const reply = await commitText(deps, user, original, contentType)
  endDialogue(deps, chatId)
  await sendToChat(deps, chatId, reply, ENDS_DIALOGUE)
}

/** Saves the text as `contentType` without metadata; returns the per-type reply or the refusal text. */
async function commitText(deps: Deps, user: UserRow, content: string, contentType: string): Promise<string> {
  try {
    await commitQuickAdd(deps, user, { content, content_type: contentType })
  } catch (err) {
    if (err instanceof ValidationError || err instanceof ConflictError) return ADD_REFUSED
    throw err
  }
  return ADDED_REPLIES[contentType] ?? ADDED_REPLIES.note!
}
