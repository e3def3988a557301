import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { cleanupExports } from './cleanup'

/** Scheduled jobs of this feature (docs/configuration.md §5). The job loop itself is worker.ts, started by `serve`. */
export function exportJobs(deps: Deps): ScheduledJob[] {
  return [{ name: 'export cleanup', pattern: '5 * * * *', run: () => cleanupExports(deps) }]
}
