/**
 * Backup and restore benchmark over the export benchmark's data set (bench/export.ts seeds it: 1 = 10 years of
 * check-ins, 10,000 clipboard entries with 100 images, 5,000 library items). Each step runs in its own process,
 * in-process over the real code: the backup (`runBackup`, as `daybook backup` and the schedule run it) and the
 * restore into an empty folder (`restoreBackup`, as `daybook restore`). Reports wall time, peak RSS growth
 * (sampled every 50 ms over the RSS after start-up and a full GC), the database size and the archive size.
 *
 *   node_modules/.bin/bun bench/backup.ts            # scales 0.1, 1 and 10
 *   node_modules/.bin/bun bench/backup.ts 1 30       # any scales
 */
import { rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { table, tempDir } from './lib'

interface Measure { status: string; seconds: number; peakGrowthMb: number; bytes: number }
const MB = 1024 * 1024

async function measure(work: () => Promise<{ status: string; bytes: number }>): Promise<Measure> {
  Bun.gc(true)
  const base = process.memoryUsage().rss
  let peak = base
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 50)
  const started = performance.now()
  const { status, bytes } = await work()
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  return { status, seconds, peakGrowthMb: (peak - base) / MB, bytes }
}

async function backupOnce(dataDir: string, file: string): Promise<Measure> {
  const { loadConfig } = await import('../src/config')
  const { openRuntime } = await import('../src/runtime')
  const { runBackup } = await import('../src/features/backups/run-backup')
  const deps = openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }))
  try {
    return await measure(async () => {
      const outcome = await runBackup(deps, { trigger: 'cli', target: file })
      return { status: outcome.status, bytes: outcome.size ?? 0 }
    })
  } finally {
    deps.db.$client.close()
  }
}

async function restoreOnce(file: string, dataDir: string): Promise<Measure> {
  const { loadConfig } = await import('../src/config')
  const { createLogger } = await import('../src/lib/logger')
  const { restoreBackup } = await import('../src/features/backups/restore')
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
  return measure(async () => {
    const result = await restoreBackup(config, file, createLogger('warn', 'json'))
    return { status: result.manifest ? 'restored' : 'failed', bytes: statSync(join(dataDir, 'daybook.db')).size }
  })
}

function runChild(script: string, args: string[]): any {
  const run = Bun.spawnSync([process.execPath, script, ...args], { stderr: 'inherit' })
  if (run.exitCode !== 0) throw new Error(`${args.join(' ')} failed`)
  return JSON.parse(run.stdout.toString().trim().split('\n').at(-1)!)
}

async function main() {
  const [mode, a, b] = process.argv.slice(2)
  if (mode === '--backup') return void process.stdout.write(JSON.stringify(await backupOnce(a!, b!)) + '\n')
  if (mode === '--restore') return void process.stdout.write(JSON.stringify(await restoreOnce(a!, b!)) + '\n')
  const scales = process.argv.slice(2).map(Number).filter((n) => n > 0)
  const rows: (string | number)[][] = []
  for (const scale of scales.length > 0 ? scales : [0.1, 1, 10]) {
    const root = tempDir('daybook-bench-backup-')
    try {
      const source = join(root, 'data')
      const counts = runChild(join(import.meta.dir, 'export.ts'), ['--seed', source, String(scale)])
      const dbMb = statSync(join(source, 'daybook.db')).size / MB
      const file = join(root, 'backup.zip')
      const backup: Measure = runChild(import.meta.path, ['--backup', source, file])
      const restore: Measure = runChild(import.meta.path, ['--restore', file, join(root, 'restored')])
      const f = (n: number, d = 1) => n.toFixed(d)
      rows.push([scale, counts.checkIns, `${counts.clipboard} (${counts.images})`, counts.library, f(dbMb, 2),
        backup.status, f(backup.seconds, 2), f(backup.peakGrowthMb), f(backup.bytes / MB, 2),
        restore.status, f(restore.seconds, 2), f(restore.peakGrowthMb)])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }
  console.log(table(
    ['scale', 'check-ins', 'clipboard (images)', 'library items', 'database (MB)', 'backup', 'seconds', 'peak RSS growth (MB)', 'archive (MB)',
      'restore', 'seconds', 'peak RSS growth (MB)'],
    rows,
  ))
}

await main()
