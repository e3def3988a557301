import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { pruneAlertLog, runAlertTick } from './alerts'
import { pruneExpiredDialogues } from './dialogues'

/** Scheduled jobs of this feature (config.md §5): alerts every minute, and the two clean-ups. */
export function chatbotJobs(deps: Deps): ScheduledJob[] {
  return [
    { name: 'alerts', pattern: '* * * * *', run: () => runAlertTick(deps) },
    { name: 'alert-log-prune', pattern: '45 3 * * *', run: () => pruneAlertLog(deps) },
    { name: 'bot-dialogue-prune', pattern: '15 * * * *', run: () => pruneExpiredDialogues(deps) },
  ]
}
