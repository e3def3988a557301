import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { pruneExpiredDialogues } from './dialogues'

/** Scheduled jobs of this feature (docs/configuration.md §5): expired dialogues go (the alerts are notifications'). */
export function chatbotJobs(deps: Deps): ScheduledJob[] {
  return [
    { name: 'bot-dialogue-prune', pattern: '15 * * * *', run: () => pruneExpiredDialogues(deps) },
  ]
}
