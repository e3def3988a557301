import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import type { ClipboardRow } from './schema'
import { presentClipboardEntry, type ClipboardEntry } from './present'
import { CreateTextBody } from './model'

/**
 * Stores a text entry for the user, exactly as given. The caller has validated `content` (POST /v1/clipboard,
 * quick add and the chat bot each apply their own rules).
 */
export function createTextEntry(deps: Pick<Deps, 'stores' | 'clock'>, userId: string, content: string): Promise<ClipboardRow> {
  return deps.stores.clipboard.createText(userId, content, deps.clock.now())
}

/** POST /v1/clipboard */
export async function addTextEntry(deps: Pick<Deps, 'stores' | 'clock' | 'config'>, actor: Actor, body: Unchecked<typeof CreateTextBody>): Promise<ClipboardEntry> {
  const { content } = CreateTextBody.validate(body)
  return presentClipboardEntry(deps, await createTextEntry(deps, actor.user.id, content))
}
