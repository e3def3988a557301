/**
 * The schedule (BACKUP_SCHEDULE in DEFAULT_TIMEZONE), retention (BACKUP_KEEP), skip-when-unchanged, the disk
 * check and "never two at once". The job function is triggered directly with the clock moved; croner only
 * decides when, which is checked by asking it for the next run.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Cron } from 'croner'
import { createTestApp, type TestApp } from '../helpers/app'
import { ConfigError, loadConfig } from '../../src/config'
import { backupJobs } from '../../src/features/backups/jobs'
import { scheduledJobs } from '../../src/jobs'
import { runBackup } from '../../src/features/backups/run-backup'
import { backupsSettled } from '../../src/features/backups/background'
import { DAY } from '../../src/lib/clock'
import { addCheckIn, adminAndUser, daybook } from './helpers'

async function withApp(env: Record<string, string>, fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = createTestApp(env)
  try { await fn(t) } finally { await backupsSettled(t.deps); t.close() }
}

const runs = (t: TestApp) => t.deps.db.$client.query('SELECT trigger, status, file, error FROM backup_runs ORDER BY id').all() as
  { trigger: string; status: string; file: string | null; error: string | null }[]
const archives = (t: TestApp) => readdirSync(join(t.dataDir, 'backups')).sort()

describe('schedule', () => {
  test('daily at 03:00 in DEFAULT_TIMEZONE by default; BACKUP_SCHEDULE changes it; off removes it', async () => {
    await withApp({ DEFAULT_TIMEZONE: 'Europe/Berlin' }, async (t) => {
      const [job] = backupJobs(t.deps)
      expect(job).toMatchObject({ name: 'backup', pattern: '0 3 * * *', timezone: 'Europe/Berlin' })
      expect(scheduledJobs(t.deps).filter((j) => j.name === 'backup')).toHaveLength(1)
      // 03:00 in Berlin is 01:00 UTC in summer: the scheduler hands croner the job's timezone.
      const next = new Cron(job!.pattern, { timezone: job!.timezone, paused: true }).nextRun(new Date('2026-06-24T10:00:00.000Z'))
      expect(next?.toISOString()).toBe('2026-06-25T01:00:00.000Z')
    })
    await withApp({ BACKUP_SCHEDULE: '30 */6 * * *' }, async (t) => {
      expect(backupJobs(t.deps)).toMatchObject([{ pattern: '30 */6 * * *', timezone: 'UTC' }])
    })
    await withApp({ BACKUP_SCHEDULE: 'off' }, async (t) => {
      expect(backupJobs(t.deps)).toEqual([])
    })
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'every day' })).toThrow(ConfigError)
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'every day' })).toThrow('Invalid configuration: BACKUP_SCHEDULE must be a cron pattern')
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP must be an integer from 1 to 1000')
    expect(loadConfig({ DATA_DIR: '/srv/d' })).toMatchObject({ backupDir: '/srv/d/backups', backupKeep: 7 })
  })

  test('retention keeps the newest BACKUP_KEEP archives as the days pass; unchanged days are skipped', async () => {
    await withApp({ BACKUP_KEEP: '3' }, async (t) => {
      const { user } = await adminAndUser(t)
      const [job] = backupJobs(t.deps)
      for (let day = 0; day < 5; day++) {
        t.clock.set(Date.parse('2026-06-01T03:00:00.000Z') + day * DAY)
        await addCheckIn(t, user.token, `2026-06-0${day + 1}`)
        await job!.run()
      }
      expect(archives(t)).toEqual([
        'daybook-backup-20260603T030000Z.zip', 'daybook-backup-20260604T030000Z.zip', 'daybook-backup-20260605T030000Z.zip',
      ])
      // A day without changes: no new archive, the reason on the run, and the newest three stay.
      t.clock.advance(DAY)
      await job!.run()
      expect(archives(t)).toHaveLength(3)
      expect(runs(t).at(-1)).toEqual({ trigger: 'schedule', status: 'skipped', file: null, error: 'nothing changed since the last backup' })
      expect(runs(t).filter((r) => r.status === 'completed')).toHaveLength(5)
    })
  })

  test('backups within one second never take a name retention freed: each run keeps the archive it made', async () => {
    await withApp({ BACKUP_KEEP: '1' }, async (t) => {
      const { admin } = await adminAndUser(t)
      const made: string[] = []
      for (let i = 0; i < 3; i++) {
        const started = await t.request('POST', '/api/v1/admin/backups', { token: admin.token })
        await backupsSettled(t.deps)
        const run = (await t.request('GET', `/api/v1/admin/backups/runs/${started.body.data.id}`, { token: admin.token })).body.data
        expect({ status: run.status, download: (await t.request('GET', `/api/v1/admin/backups/${run.file}/download`, { token: admin.token })).status })
          .toEqual({ status: 'completed', download: 200 })
        made.push(run.file)
      }
      const stem = 'daybook-backup-20260624T100000Z'
      expect(made).toEqual([`${stem}.zip`, `${stem}-2.zip`, `${stem}-3.zip`])
      expect(archives(t)).toEqual([`${stem}-3.zip`])
      // With every archive of that second gone, their names stay used (the runs recorded them).
      rmSync(join(t.dataDir, 'backups', `${stem}-3.zip`))
      expect((await runBackup(t.deps, { trigger: 'cli' })).path).toBe(join(t.dataDir, 'backups', `${stem}-4.zip`))
    })
  })

  test('with the clock set back, retention keeps the archive just made and deletes the one named later', async () => {
    await withApp({ BACKUP_KEEP: '1' }, async (t) => {
      const first = await runBackup(t.deps, { trigger: 'cli' })
      t.clock.set('2026-06-24T09:00:00.000Z')
      const second = await runBackup(t.deps, { trigger: 'cli' })
      expect(second).toMatchObject({ status: 'completed', pruned: ['daybook-backup-20260624T100000Z.zip'] })
      expect(archives(t)).toEqual([second.path!.split('/').at(-1)!])
      expect(first.path).not.toBe(second.path)
    })
  })

  test('skip-when-unchanged sees rows and files, ignores its own history, and needs the last archive to exist', async () => {
    await withApp({}, async (t) => {
      const { user } = await adminAndUser(t)
      const run = () => runBackup(t.deps, { trigger: 'schedule', skipUnchanged: true })
      expect((await run()).status).toBe('completed')
      t.clock.advance(DAY)
      expect((await run()).status).toBe('skipped')
      expect((await run()).status).toBe('skipped')
      // A changed row.
      await addCheckIn(t, user.token, '2026-06-24')
      t.clock.advance(DAY)
      expect((await run()).status).toBe('completed')
      // A new user file.
      t.clock.advance(DAY)
      const dir = join(t.dataDir, 'files/user', user.id, 'clipboard')
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, `${'b'.repeat(32)}.png`), 'png')
      expect((await run()).status).toBe('completed')
      // The archive it would match was deleted: a new one is made.
      t.clock.advance(DAY)
      for (const name of archives(t)) rmSync(join(t.dataDir, 'backups', name))
      expect((await run()).status).toBe('completed')
      // Manual backups are never skipped.
      t.clock.advance(DAY)
      expect((await runBackup(t.deps, { trigger: 'admin' })).status).toBe('completed')
    })
  })

  test('refused with a logged reason when the backup would leave less than 10% of the disk free', async () => {
    await withApp({}, async (t) => {
      const outcome = await runBackup(t.deps, { trigger: 'schedule', diskSpace: async () => ({ total: 1_000_000_000, free: 100_000_000 }) })
      expect(outcome.status).toBe('failed')
      expect(outcome.reason).toStartWith('not enough disk space: the backup needs about')
      expect(runs(t)).toEqual([{ trigger: 'schedule', status: 'failed', file: null, error: outcome.reason! }])
      const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'backup refused')
      expect(line).toMatchObject({ level: 'error', reason: outcome.reason })
      expect(readdirSync(join(t.dataDir, 'backups'))).toEqual([])
      // Plenty of room: it runs.
      expect((await runBackup(t.deps, { trigger: 'schedule', diskSpace: async () => ({ total: 1e12, free: 5e11 }) })).status).toBe('completed')
    })
  })
})

describe('never two at once', () => {
  test('in one process: the second of two simultaneous backups is skipped', async () => {
    await withApp({}, async (t) => {
      const [a, b] = await Promise.all([runBackup(t.deps, { trigger: 'schedule' }), runBackup(t.deps, { trigger: 'admin' })])
      expect([a.status, b.status]).toEqual(['completed', 'skipped'])
      expect(b.reason).toBe(`another backup of this data folder is running (pid ${process.pid})`)
    })
  })

  test('across processes: a lock held by a live process refuses the server and the CLI; a stale one is taken over', async () => {
    await withApp({}, async (t) => {
      const holder = Bun.spawn(['sleep', '30'])
      try {
        writeFileSync(join(t.dataDir, 'backup.lock'), `${holder.pid}\n`)
        const outcome = await runBackup(t.deps, { trigger: 'schedule' })
        expect(outcome).toMatchObject({ status: 'skipped', reason: `another backup of this data folder is running (pid ${holder.pid})` })
        const cli = daybook(t.dataDir, ['backup'])
        expect(cli.code).toBe(1)
        expect(cli.stderr).toContain(`backup skipped: another backup of this data folder is running (pid ${holder.pid})`)
        expect(existsSync(join(t.dataDir, 'backups'))).toBe(false)
      } finally {
        holder.kill()
        await holder.exited
      }
      // The holder is gone: its lock is stale and taken over.
      expect((await runBackup(t.deps, { trigger: 'schedule' })).status).toBe('completed')
      expect(readdirSync(t.dataDir)).not.toContain('backup.lock')
    })
  })
})
