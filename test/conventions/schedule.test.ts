/** docs/configuration.md §5: the background schedule, in UTC, and every job safe to run on an empty instance. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { Cron } from 'croner'
import { createTestApp, type TestApp } from '../helpers/app'
import { scheduledJobs } from '../../src/jobs'
import { cronZone } from '../../src/lib/cron-zone'

let t: TestApp
beforeEach(() => { t = createTestApp() })
afterEach(() => t.close())

/** The contract's schedule: cron pattern → what must run then. */
const SCHEDULE: Record<string, string> = {
  '* * * * *': 'alerts',
  '5 * * * *': 'export cleanup',
  '10 * * * *': 'clipboard retention',
  '15 * * * *': 'housekeeping',
  '0 3 * * *': 'token prune',
  '30 3 * * *': 'friend requests',
  '45 3 * * *': 'alert log',
}

describe('schedule (docs/configuration.md §5)', () => {
  test('every slot of the contract has a job and no job runs at another time', () => {
    const retention = createTestApp({ CLIPBOARD_RETENTION_HOURS: '24' })
    try {
      const patterns = new Set(scheduledJobs(retention.deps).map((j) => j.pattern))
      expect([...patterns].sort()).toEqual(Object.keys(SCHEDULE).sort())
    } finally { retention.close() }
  })

  test('clipboard retention is scheduled only when CLIPBOARD_RETENTION_HOURS > 0', () => {
    expect(scheduledJobs(t.deps).map((j) => j.pattern)).not.toContain('10 * * * *')
  })

  test('patterns are read in UTC', () => {
    const next = new Cron('30 3 * * *', { ...cronZone(), paused: true }).nextRun(new Date('2026-06-24T10:00:00.000Z'))
    expect(next?.toISOString()).toBe('2026-06-25T03:30:00.000Z')
  })

  test("UTC through a fixed offset (no ICU) runs at the instants croner's Intl time zone gives", () => {
    // Every slot, from a start every 37 hours for a year, across both European daylight-saving changes.
    for (const pattern of [...Object.keys(SCHEDULE), '0 3 * * *', '*/7 2 29 2 *']) {
      for (let from = Date.UTC(2026, 0, 1); from < Date.UTC(2027, 0, 1); from += 37 * 3_600_000) {
        const viaOffset = new Cron(pattern, { ...cronZone('UTC'), paused: true }).nextRuns(3, new Date(from))
        const viaIntl = new Cron(pattern, { timezone: 'UTC', paused: true }).nextRuns(3, new Date(from))
        expect(viaOffset.map((d) => d.toISOString())).toEqual(viaIntl.map((d) => d.toISOString()))
      }
    }
    expect(cronZone('Europe/Berlin')).toEqual({ timezone: 'Europe/Berlin' })
  })

  test('each job runs on an empty instance without failing, twice (idempotent)', async () => {
    for (const job of scheduledJobs(t.deps)) {
      await job.run()
      await job.run()
    }
    expect(t.logs.map((l) => JSON.parse(l)).filter((l) => l.level === 'error')).toEqual([])
  })
})
