import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { pruneExpiredDialogues } from './dialogues'

/** Scheduled jobs of this feature (config.md §5): the clean-up of expired dialogues (the alerts are notifications'). */
export function chatbotJobs(deps: Deps): ScheduledJob[] {
  return [
    { name: 'bot-dialogue-prune', pattern: '15 * * * *', run: () => pruneExpiredDialogues(deps) },
  ]
}
