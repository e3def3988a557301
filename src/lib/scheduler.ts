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

/** croner schedules that only trigger plain job functions; a failing run is logged, never fatal. */
export function startScheduler(jobs: ScheduledJob[], logger: Logger): { stop(): void } {
  const crons = jobs.map((job) => new Cron(job.pattern, { ...cronZone(job.timezone), protect: true, name: job.name }, async () => {
    try {
      const result = await job.run()
      logger.debug('job finished', { job: job.name, result })
    } catch (err) {
      logger.error('job failed', { job: job.name, ...errorFields(err) })
    }
  }))
  return { stop: () => crons.forEach((c) => c.stop()) }
}
