import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import type { AlertChat } from './alert-chat'
import { runAlertTick } from './alerts'
import { pruneDeliveries } from './deliver'

/** Scheduled jobs (docs/configuration.md §5): the alert tick every minute, and the delivery log's clean-up. */
export function notificationJobs(deps: Deps, chats: AlertChat[]): ScheduledJob[] {
  return [
    { name: 'alerts', pattern: '* * * * *', run: () => runAlertTick(deps, chats) },
    { name: 'delivery-log-prune', pattern: '45 3 * * *', run: () => pruneDeliveries(deps) },
  ]
}
