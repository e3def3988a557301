import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'

/** Scheduled jobs of this feature (config.md §5). */
export function librariesJobs(deps: Deps): ScheduledJob[] {
  void deps
  return []
}
