import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import type { ClipboardRow } from './schema'
import { insertTextRow } from './queries'
import { presentClipboardEntry, type ClipboardEntry } from './present'
import { CreateTextBody } from './model'

/**
 * Stores a text entry for the user, exactly as given. The caller has validated `content` (POST /v1/clipboard,
 * quick add and the chat bot each apply their own rules).
 */
export function createTextEntry(deps: Pick<Deps, 'db' | 'clock'>, userId: string, content: string): ClipboardRow {
  return insertTextRow(deps.db, userId, content, deps.clock.now())
}

/** POST /v1/clipboard */
export function addTextEntry(deps: Pick<Deps, 'db' | 'clock' | 'config'>, actor: Actor, body: Unchecked<typeof CreateTextBody>): ClipboardEntry {
  const { content } = CreateTextBody.validate(body)
  return presentClipboardEntry(deps, createTextEntry(deps, actor.user.id, content))
}
