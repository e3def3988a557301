import type { Deps } from '../../lib/deps'
import { DAY } from '../../lib/clock'
import type { ScheduledJob } from '../../lib/scheduler'

/**
 * How long a link that expired or was revoked keeps answering 410 Gone (the reader learns it was withdrawn, not
 * mistyped) before its row goes and its address is as unknown as any other (404).
 */
export const SHARE_KEPT_DAYS = 90

/** Scheduled jobs of this feature (docs/configuration.md §5). */
export function reportJobs(deps: Deps): ScheduledJob[] {
  return [{ name: 'share-prune', pattern: '45 3 * * *', run: () => pruneShares(deps) }]
}

/** Deletes the share links that ended (expired or revoked) more than SHARE_KEPT_DAYS ago; how many. */
export const pruneShares = (deps: Pick<Deps, 'stores' | 'clock'>) => deps.stores.shares.prune(deps.clock.now() - SHARE_KEPT_DAYS * DAY)
