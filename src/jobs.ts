import type { Deps } from './lib/deps'
import type { ScheduledJob } from './lib/scheduler'
import { pruneRateLimitBuckets } from './lib/http/rate-limit'
import { authJobs } from './features/auth/jobs'
import { friendsJobs } from './features/friends/jobs'
import { clipboardJobs } from './features/clipboard/jobs'
import { chatbotJobs } from './features/chatbot/jobs'
import { telegramAlerts } from './features/chatbot/telegram-alerts'
import { notificationJobs } from './features/notifications/jobs'
import { exportJobs } from './features/export/jobs'
import { backupJobs } from './features/backups/jobs'
import { reportJobs } from './features/report/jobs'

/** The schedule of docs/configuration.md §5: plain, idempotent job functions over deps; features add their own. */
export function scheduledJobs(deps: Deps): ScheduledJob[] {
  return [
    { name: 'housekeeping', pattern: '15 * * * *', run: () => ({ rateLimitBuckets: pruneRateLimitBuckets(deps) }) },
    ...authJobs(deps),
    ...friendsJobs(deps),
    ...clipboardJobs(deps),
    ...chatbotJobs(deps),
    // The alerts are notifications'; the chat bot lends its Telegram chats through notifications' AlertChat.
    ...notificationJobs(deps, [telegramAlerts(deps)]),
    ...exportJobs(deps),
    ...backupJobs(deps),
    ...reportJobs(deps),
  ]
}
