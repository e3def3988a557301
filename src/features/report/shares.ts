/**
 * Share links (docs/api/shares.md §3–5): a person makes a link to one report — chosen trackers, dates, notes or
 * not — that opens without an account until it expires or is revoked. The link's token is 32 random bytes
 * (base64url, 43 characters), shown once; the table keeps its SHA-256, so a copy of the database opens nothing.
 */
import { randomBytes } from 'node:crypto'
import type { Actor } from '../../lib/actor'
import type { Deps } from '../../lib/deps'
import { DAY, iso, isoOrNull } from '../../lib/clock'
import { sha256Hex } from '../../lib/crypto'
import { ConflictError, GoneError, NotFoundError } from '../../lib/errors'
import type { Unchecked } from '../../lib/validation'
import { findUserOr404 } from '../users/lookup'
import { checkedPicks, storedPicks } from './choice'
import { CreateShareBody, MAX_LIVE_SHARES, MAX_SHARE_DAYS } from './model'
import { renderReport } from './report'
import type { ShareRow } from './schema'

type ShareDeps = Pick<Deps, 'stores' | 'clock' | 'config'>

/** The path of a share's page (served by daybook itself, so under PUBLIC_URL). */
export const sharePath = (token: string) => `/s/${token}`

/** docs/api/shares.md §4 */
export function presentShare(row: ShareRow, now: number) {
  return {
    id: row.id,
    label: row.label,
    trackers: storedPicks(row.trackers),
    from: row.fromDate,
    to: row.toDate,
    notes: row.notes,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    active: row.expiresAt > now,
    access_count: row.accessCount,
    last_accessed_at: isoOrNull(row.lastAccessedAt),
  }
}

/** docs/api/shares.md §3 — a new link to the report the body describes; its URL (with the token) is answered once. */
export async function createShare(deps: ShareDeps, actor: Actor, body: Unchecked<typeof CreateShareBody>) {
  const now = deps.clock.now()
  const input = CreateShareBody.refine({
    expires_at: (field) => field.check((v: string, a) => {
      if (Date.parse(v) <= now) return `The ${a} field must be a date after now.`
      return Date.parse(v) > now + MAX_SHARE_DAYS * DAY ? `The ${a} field must be at most ${MAX_SHARE_DAYS} days from now.` : undefined
    }),
  }).validate(body)
  const trackers = checkedPicks(input.trackers, await deps.stores.trackers.list(actor.user.id))
  const token = randomBytes(32).toString('base64url')
  const created = await deps.stores.shares.create({
    userId: actor.user.id, tokenHash: sha256Hex(token), label: input.label ?? null, trackers: JSON.stringify(trackers),
    fromDate: input.from, toDate: input.to, notes: input.notes ?? false, createdAt: now, expiresAt: Date.parse(input.expires_at),
  }, MAX_LIVE_SHARES)
  if (created === 'limit_reached') throw new ConflictError(`You have ${MAX_LIVE_SHARES} links that still work, the most there can be. Revoke one first.`, 'limit_reached')
  const { id, ...rest } = presentShare(created, now)
  return { id, url: `${deps.config.publicUrl}${sharePath(token)}`, ...rest }
}

/** docs/api/shares.md §4 — the actor's links that are not revoked, newest first, with how often each was opened. */
export async function listShares(deps: ShareDeps, actor: Actor) {
  const now = deps.clock.now()
  return (await deps.stores.shares.list(actor.user.id)).map((row) => presentShare(row, now))
}

/** docs/api/shares.md §5 — revokes one of the actor's links at once; another person's, or a revoked one, is a 404. */
export async function revokeShare(deps: ShareDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deps.stores.shares.revoke(actor.user.id, Number(id), deps.clock.now()))) throw new NotFoundError()
}

/**
 * docs/api/shares.md §6 — the report behind a link, counted as opened: 404 for a token nobody was given, 410 once
 * the link is revoked or expired (a deleted account takes its links with it).
 */
export async function openShare(deps: ShareDeps & Pick<Deps, 'db'>, token: string): Promise<string> {
  const now = deps.clock.now()
  const opened = await deps.stores.shares.open(sha256Hex(token), now)
  if (!opened) throw new NotFoundError()
  const { share } = opened
  if (!opened.live) throw new GoneError('This link was revoked or has expired.', share.revokedAt === null ? 'share_expired' : 'share_revoked')
  const person = findUserOr404(deps, share.userId)
  return renderReport(deps, person, { trackers: storedPicks(share.trackers), from: share.fromDate, to: share.toDate, notes: share.notes }, share.expiresAt)
}
