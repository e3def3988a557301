import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { pruneExpiredTokens } from './tokens'
import { passkeyJobs } from './passkey-jobs'
import { pruneExpiredResetTokens } from './password-reset'
import { pruneExpiredAccountLinks } from './account-links'

/** Scheduled jobs of this feature (docs/configuration.md §5). */
export function authJobs(deps: Deps): ScheduledJob[] {
  return [
    { name: 'token-prune', pattern: '0 3 * * *', run: () => pruneExpiredTokens(deps) },
    // Part of the hourly housekeeping at :15: the mailed reset tokens and the admins' account links past their time.
    { name: 'reset-token-prune', pattern: '15 * * * *', run: () => pruneExpiredResetTokens(deps) + pruneExpiredAccountLinks(deps) },
    ...passkeyJobs(deps),
  ]
}
