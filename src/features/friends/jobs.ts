import { and, inArray, lt } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { changes } from '../../lib/db/client'
import { friendRequests } from './schema'
import { ANSWERED_RETENTION_MS } from './pair'

/**
 * docs/api/friends.md §3: deletes accepted and rejected requests answered more than 7 days ago. Pending requests
 * never expire. Idempotent; returns the number of rows deleted.
 */
export function pruneAnsweredFriendRequests(deps: Pick<Deps, 'db' | 'clock'>): number {
  const cutoff = deps.clock.now() - ANSWERED_RETENTION_MS
  return changes(deps.db.delete(friendRequests)
    .where(and(inArray(friendRequests.status, ['accepted', 'rejected']), lt(friendRequests.updatedAt, cutoff)))
    .run())
}

/** Scheduled jobs of this feature (docs/configuration.md §5): the daily clean-up at 03:30 UTC. */
export function friendsJobs(deps: Deps): ScheduledJob[] {
  return [{ name: 'friend-request-prune', pattern: '30 3 * * *', run: () => pruneAnsweredFriendRequests(deps) }]
}
