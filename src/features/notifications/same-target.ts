/**
 * One target, one channel (docs/api/notifications.md §4): a second channel to the same place would send every alert
 * twice. What counts as the same place is where the sender actually goes, not the text the user typed.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../../lib/db/client'
import { ConflictError } from '../../lib/errors'
import { notificationChannels, type ChannelRow } from './schema'

type ChannelType = ChannelRow['type']

const ALREADY: Record<ChannelType, string> = {
  email: 'You already have an e-mail channel; it goes to your account\'s address.',
  ntfy: 'You already have a channel for this ntfy topic.',
  webhook: 'You already have a channel for this webhook URL.',
}

/**
 * Where a channel sends, as one comparable string. An e-mail channel always writes to the account's own address, so
 * a user has one place of that type. URLs are compared as the WHATWG parser writes them (host in lower case, a
 * default port dropped, escapes normalised) without the fragment, which is never sent; an ntfy topic is its server
 * and topic name, since the sender posts the topic in the body and drops any query or trailing slash.
 */
function targetOf(type: ChannelType, url: string | null): string {
  if (type === 'email' || url === null) return type
  const parsed = new URL(url)
  parsed.hash = ''
  if (type === 'webhook') return `webhook ${parsed.href}`
  return `ntfy ${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
}

/** 409 when another channel of the user (not `exceptId`, the one being changed) already goes to this target. */
export function refuseSameTarget(db: Pick<Db, 'select'>, userId: string, type: ChannelType, url: string | null, exceptId?: number): void {
  const wanted = targetOf(type, url)
  const owned = db.select({ id: notificationChannels.id, type: notificationChannels.type, url: notificationChannels.url })
    .from(notificationChannels).where(eq(notificationChannels.userId, userId)).all()
  if (owned.some((c) => c.id !== exceptId && targetOf(c.type, c.url) === wanted)) throw new ConflictError(ALREADY[type])
}
