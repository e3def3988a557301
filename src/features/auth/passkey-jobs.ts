import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { purgeExpiredChallenges } from './passkey-challenges'

/**
 * Housekeeping (docs/configuration.md §5, hourly at :15): expired WebAuthn challenges can never be used, so drop them.
 */
export function passkeyJobs(deps: Deps): ScheduledJob[] {
  return [{ name: 'housekeeping-webauthn-challenges', pattern: '15 * * * *', run: () => ({ webauthnChallenges: purgeExpiredChallenges(deps) }) }]
}
