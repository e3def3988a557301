import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { pruneExpiredTokens } from './tokens'

/** Scheduled jobs of this feature (config.md §5). */
export function authJobs(deps: Deps): ScheduledJob[] {
  return [{ name: 'token-prune', pattern: '0 3 * * *', run: () => pruneExpiredTokens(deps) }]
}
