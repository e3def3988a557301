/** Pending quick-add dialogues (bot_dialogues): one per chat, 10 minutes from the message that started it. */
import { and, eq, gt, lte } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { MINUTE } from '../../lib/clock'
import { changes } from '../../lib/db/client'
import { botDialogues } from './schema'

export const DIALOGUE_TTL_MS = 10 * MINUTE

export type DialogueRow = typeof botDialogues.$inferSelect

/** The chat's dialogue if it has not expired and still belongs to the chat's user. */
export function findPendingDialogue(deps: Pick<Deps, 'db' | 'clock'>, chatId: string, userId: string): DialogueRow | undefined {
  return deps.db.select().from(botDialogues)
    .where(and(eq(botDialogues.chatId, chatId), eq(botDialogues.userId, userId), gt(botDialogues.expiresAt, deps.clock.now())))
    .get()
}

/** Starts a dialogue for `text`, replacing any earlier one of the chat. */
export function startDialogue(deps: Pick<Deps, 'db' | 'clock'>, chatId: string, userId: string, text: string): void {
  const expiresAt = deps.clock.now() + DIALOGUE_TTL_MS
  deps.db.insert(botDialogues).values({ chatId, userId, text, expiresAt })
    .onConflictDoUpdate({ target: botDialogues.chatId, set: { userId, text, expiresAt } }).run()
}

/** Deletes the chat's dialogue; true when it was still pending (so the reply should remove the keyboard). */
export function endDialogue(deps: Pick<Deps, 'db' | 'clock'>, chatId: string): boolean {
  const ended = deps.db.delete(botDialogues).where(eq(botDialogues.chatId, chatId))
    .returning({ expiresAt: botDialogues.expiresAt }).all()
  return ended.some((d) => d.expiresAt > deps.clock.now())
}

/** Housekeeping: deletes expired dialogues; returns how many. */
export function pruneExpiredDialogues(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(botDialogues).where(lte(botDialogues.expiresAt, deps.clock.now())).run())
}
