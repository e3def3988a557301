import { Cron } from 'croner'
import { cronZone } from './cron-zone'
import { errorFields, type Logger } from './logger'

export interface ScheduledJob {
  name: string
  /** cron pattern, evaluated in `timezone` */
  pattern: string
  /** IANA timezone the pattern is read in; UTC when absent */
  timezone?: string
  run: () => unknown | Promise<unknown>
}

/**
 * croner schedules that only trigger plain job functions; a failing run is logged, never fatal, and a job still
 * running when its time comes round again is not started a second time (croner's `protect`, kept per job).
 *
 * One croner schedule per pattern and zone, for all the jobs that share it: each croner pattern holds a table of
 * 10,000 years (80 KB), and the schedule's 11 jobs share 7 patterns (README "Where the memory went").
 */
export function startScheduler(jobs: ScheduledJob[], logger: Logger): { stop(): void } {
  const running = new Set<ScheduledJob>()
  const runOnce = async (job: ScheduledJob) => {
    if (running.has(job)) return
    running.add(job)
    try {
      const result = await job.run()
      logger.debug('job finished', { job: job.name, result })
    } catch (err) {
      logger.error('job failed', { job: job.name, ...errorFields(err) })
    } finally {
      running.delete(job)
    }
  }
  const groups = new Map<string, ScheduledJob[]>()
  for (const job of jobs) {
    const key = `${job.pattern} ${job.timezone ?? 'UTC'}`
    groups.set(key, [...(groups.get(key) ?? []), job])
  }
  const crons = [...groups.values()].map((group) => new Cron(group[0]!.pattern, { ...cronZone(group[0]!.timezone), name: group.map((job) => job.name).join(', ') }, () => {
    for (const job of group) void runOnce(job)
  }))
  return { stop: () => crons.forEach((c) => c.stop()) }
}
