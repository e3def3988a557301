/** The persisted getUpdates offset (bot_state), so a restart neither loses nor repeats handled updates. */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { botState } from './schema'

const OFFSET_KEY = 'telegram_update_offset'

export function loadUpdateOffset(deps: Pick<Deps, 'db'>): number | undefined {
  const row = deps.db.select().from(botState).where(eq(botState.key, OFFSET_KEY)).get()
  const value = row ? Number(row.value) : NaN
  return Number.isSafeInteger(value) ? value : undefined
}

export function saveUpdateOffset(deps: Pick<Deps, 'db'>, offset: number): void {
  deps.db.insert(botState).values({ key: OFFSET_KEY, value: String(offset) })
    .onConflictDoUpdate({ target: botState.key, set: { value: String(offset) } }).run()
}
