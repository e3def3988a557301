import type { Deps } from '../../lib/deps'
import type { ScheduledJob } from '../../lib/scheduler'
import { runInBackground } from './background'

/** The scheduled backup (BACKUP_SCHEDULE, read in DEFAULT_TIMEZONE; none with BACKUP_SCHEDULE=off). */
export function backupJobs(deps: Deps): ScheduledJob[] {
  const schedule = deps.config.backupSchedule
  if (!schedule) return []
  return [{ name: 'backup', pattern: schedule.pattern, timezone: schedule.timezone, run: () => runScheduledBackup(deps) }]
}

/** The schedule's run: skipped when nothing changed since the newest backup still on disk. */
export function runScheduledBackup(deps: Deps) {
  return runInBackground(deps, { trigger: 'schedule', skipUnchanged: true })
}
