/**
 * The scheduler (src/lib/scheduler.ts) on croner's real clock, with patterns that come round every second: jobs that
 * share a pattern share one croner schedule, each of them still runs every time, a failing job is logged without
 * stopping the others, and a job still running is not started again while its neighbours go on.
 */
import { afterEach, expect, test } from 'bun:test'
import { scheduledJobs as cronerSchedules } from 'croner'
import { createLogger } from '../../src/lib/logger'
import { startScheduler, type ScheduledJob } from '../../src/lib/scheduler'
import { until } from '../helpers/until'

const EVERY_SECOND = '* * * * * *'
const logs: string[] = []
const logger = createLogger('debug', 'json', (line) => logs.push(line))
let scheduler: { stop(): void } | undefined
afterEach(() => {
  scheduler?.stop()
  logs.length = 0
})

const logged = (msg: string, job: string) => logs.map((l) => JSON.parse(l)).filter((l) => l.msg === msg && l.job === job).length

test('jobs that share a pattern share one croner schedule, and each runs every time it comes round', async () => {
  const runs = { a: 0, b: 0, c: 0 }
  const jobs: ScheduledJob[] = [
    { name: 'a', pattern: EVERY_SECOND, run: () => { runs.a++ } },
    { name: 'b', pattern: EVERY_SECOND, run: () => { runs.b++ } },
    { name: 'c', pattern: '0 0 1 1 *', run: () => { runs.c++ } },
  ]
  const before = cronerSchedules.length
  scheduler = startScheduler(jobs, logger)
  expect(cronerSchedules.length - before).toBe(2)
  await until(() => runs.a >= 2 && runs.b >= 2, 10_000, 'two runs of each job')
  expect(Math.abs(runs.a - runs.b)).toBeLessThanOrEqual(1)
  expect(runs.c).toBe(0)
  scheduler.stop()
  scheduler = undefined
  expect(cronerSchedules.length).toBe(before)
})

test('a failing job is logged and its neighbour on the same pattern still runs', async () => {
  let fine = 0
  scheduler = startScheduler([
    { name: 'broken', pattern: EVERY_SECOND, run: () => { throw new Error('boom') } },
    { name: 'fine', pattern: EVERY_SECOND, run: () => { fine++ } },
  ], logger)
  await until(() => fine >= 2 && logged('job failed', 'broken') >= 2, 10_000, 'two runs of each job')
  expect(logs.map((l) => JSON.parse(l)).find((l) => l.job === 'broken')).toMatchObject({ level: 'error', msg: 'job failed' })
})

test('a job still running is not started again, while its neighbour keeps its schedule', async () => {
  let slowStarts = 0
  let quick = 0
  let finish: () => void = () => {}
  const slowDone = new Promise<void>((resolve) => { finish = resolve })
  scheduler = startScheduler([
    { name: 'slow', pattern: EVERY_SECOND, run: async () => { slowStarts++; await slowDone } },
    { name: 'quick', pattern: EVERY_SECOND, run: () => { quick++ } },
  ], logger)
  await until(() => quick >= 3, 10_000, 'three runs of the quick job')
  expect(slowStarts).toBe(1)
  finish()
  await until(() => slowStarts >= 2, 10_000, 'the slow job started again once it had finished')
  expect(logged('job finished', 'slow')).toBeGreaterThanOrEqual(1)
})
