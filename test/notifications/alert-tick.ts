/** The alert tick exactly as the server schedules it (src/jobs.ts): notifications' job, with the chat bot's Telegram. */
import type { Deps } from '../../src/lib/deps'
import { scheduledJobs } from '../../src/jobs'
import type { AlertTickResult } from '../../src/features/notifications/alerts'

export async function runAlertTick(deps: Deps): Promise<AlertTickResult> {
  const job = scheduledJobs(deps).find((j) => j.name === 'alerts')
  if (!job) throw new Error('the schedule has no alerts job')
  return await job.run() as AlertTickResult
}
