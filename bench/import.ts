/**
 * Import benchmark: the export benchmark's data set (bench/export.ts: scale 1 = 10 years of check-ins, 10,000
 * clipboard entries with 100 images, 5,000 library items) is seeded and exported by bench/export.ts, then its
 * archive is imported into a new account of a fresh data folder, in-process over the real code: the request's
 * complete validation (`startImport`, as POST /api/v1/import does) and the job (`runNextImportJob`). Reports wall
 * time of each step, peak RSS growth (sampled every 50 ms over the RSS after a full GC) and the archive size.
 *
 *   node_modules/.bin/bun bench/import.ts          # scales 0.1 and 1 (10x is over the 16 MiB upload cap)
 *   node_modules/.bin/bun bench/import.ts 0.5      # any scales
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { importRuntime, rssPeak, table, tempDir } from './lib'

const MB = 1024 * 1024
const EXPORT_BENCH = join(import.meta.dir, 'export.ts')

interface Measure { validateSeconds: number; importSeconds: number; peakGrowthMb: number; status: string; imported: number }

function runChild(script: string, args: string[]): any {
  const run = Bun.spawnSync([process.execPath, script, ...args], { stderr: 'inherit' })
  if (run.exitCode !== 0) throw new Error(`${args.join(' ')} failed`)
  return JSON.parse(run.stdout.toString().trim().split('\n').at(-1)!)
}

/** The archive bench/export.ts wrote into a seeded folder. */
function archiveOf(dataDir: string): string {
  const userDir = readdirSync(join(dataDir, 'exports')).find((d) => d !== 'tmp')!
  const file = readdirSync(join(dataDir, 'exports', userDir)).find((f) => f.endsWith('.zip'))!
  return join(dataDir, 'exports', userDir, file)
}

async function importOnce(archive: string, dataDir: string): Promise<Measure> {
  const { deps, actor, startImport, runNextImportJob } = await importRuntime(dataDir)
  const file = new File([readFileSync(archive)], 'export.zip', { type: 'application/zip' })
  const rss = rssPeak()
  try {
    let started = performance.now()
    await startImport(deps, actor, { file }, {}).catch((err) => { console.error(JSON.stringify(err.errors ?? err.message)); throw err })
    const validateSeconds = (performance.now() - started) / 1000
    started = performance.now()
    const outcome = await runNextImportJob(deps)
    const importSeconds = (performance.now() - started) / 1000
    const counts = deps.db.$client.query('SELECT counts FROM import_jobs ORDER BY id DESC LIMIT 1').get() as { counts: string | null }
    const imported = Object.values(JSON.parse(counts.counts ?? '{}') as Record<string, { imported: number }>).reduce((n, c) => n + c.imported, 0)
    return { validateSeconds, importSeconds, peakGrowthMb: rss.growthMb(), status: outcome?.status ?? 'none', imported }
  } finally {
    rss.stop()
    deps.db.$client.close()
  }
}

async function main() {
  const [mode, archive, dataDir] = process.argv.slice(2)
  if (mode === '--import') return void process.stdout.write(JSON.stringify(await importOnce(archive!, dataDir!)) + '\n')
  const scales = process.argv.slice(2).map(Number).filter((n) => n > 0)
  const rows: (string | number)[][] = []
  for (const scale of scales.length > 0 ? scales : [0.1, 1]) {
    const source = tempDir('daybook-bench-import-src-')
    const target = tempDir('daybook-bench-import-dst-')
    try {
      runChild(EXPORT_BENCH, ['--seed', source, String(scale)])
      runChild(EXPORT_BENCH, ['--export', source])
      const archive = archiveOf(source)
      const m: Measure = runChild(import.meta.path, ['--import', archive, target])
      rows.push([scale, (Bun.file(archive).size / MB).toFixed(2), m.status, m.imported, m.validateSeconds.toFixed(2), m.importSeconds.toFixed(2), m.peakGrowthMb.toFixed(1)])
    } finally {
      rmSync(source, { recursive: true, force: true })
      rmSync(target, { recursive: true, force: true })
    }
  }
  console.log(table(['scale', 'archive (MB)', 'status', 'rows imported', 'validate (s)', 'import job (s)', 'peak RSS growth (MB)'], rows))
}

await main()
