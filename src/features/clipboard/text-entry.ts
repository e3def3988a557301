import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { f, validate } from '../../lib/validation'
import { clipboardEntries, type ClipboardRow } from './schema'
import { presentClipboardEntry, type ClipboardEntry } from './present'

/** clipboard.md 3 — required (white space alone counts as empty), a string, at most 65535 code points; never trimmed. */
const rules = {
  content: f.string().required().raw()
    .check((v: string, a) => v.trim() === '' ? `The ${a} field is required.` : undefined)
    .max(65535),
}

/**
 * Stores a text entry for the user, exactly as given. The caller has validated `content` (POST /v1/clipboard,
 * quick add and the chat bot each apply their own rules).
 */
export function createTextEntry(deps: Pick<Deps, 'db' | 'clock'>, userId: string, content: string): ClipboardRow {
  const now = deps.clock.now()
  return deps.db.insert(clipboardEntries)
    .values({ userId, type: 'text', content, createdAt: now, updatedAt: now })
    .returning()
    .get()
}

/** POST /v1/clipboard */
export function addTextEntry(deps: Pick<Deps, 'db' | 'clock' | 'config'>, actor: Actor, body: Record<string, unknown>): ClipboardEntry {
  const { content } = validate(body, rules)
  return presentClipboardEntry(deps, createTextEntry(deps, actor.user.id, content))
}
