import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { pruneClipboardEntries } from './delete-entries'

/** Scheduled jobs (docs/configuration.md §5): retention hourly at :10, only when CLIPBOARD_RETENTION_HOURS > 0. */
export function clipboardJobs(deps: Deps): ScheduledJob[] {
  if (deps.config.clipboardRetentionHours <= 0) return []
  return [{ name: 'clipboard retention', pattern: '10 * * * *', run: async () => ({ deleted: await pruneClipboardEntries(deps) }) }]
}
