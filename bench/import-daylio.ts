/**
 * Daylio CSV import benchmark: a constructed Daylio CSV export of N years (1–3 entries a day, newest first, with
 * activities, two scales, notes with `<br>` and entities, the current header and a byte-order mark) is imported
 * into a new account of a fresh data folder, in-process over the real code: the dry run and the request's reading
 * (`startImport`, as POST /api/v1/import does) and the job (`runNextImportJob`). Each size runs in its own process.
 * Reports wall time of each step and the peak RSS growth over the RSS after a full GC (sampled every 50 ms): during
 * the dry run alone, during the job alone (from a full GC after the request: what the import holds while it writes,
 * its SQLite pages and journal included), and over the whole (dry run, request, job; this process also holds the
 * file's text it made and the three copies of it that the two requests were sent).
 *
 *   node_modules/.bin/bun bench/import-daylio.ts          # 1, 10 and 20 years
 *   node_modules/.bin/bun bench/import-daylio.ts 10       # any numbers of years
 */
import { rmSync } from 'node:fs'
import { importRuntime, rssPeak, table, tempDir } from './lib'

const MB = 1024 * 1024
const MOODS = ['rad', 'good', 'meh', 'bad', 'awful']
const ACTIVITIES = ['family', 'friends', 'reading', 'gaming', 'sport', 'work', 'cooking', 'cleaning', 'shopping', 'travel', 'movies', 'music']
const CLOCK = ['7:15 am', '12:30 pm', '10:00 pm']

/** The file, newest day first: a deterministic walk so that every run imports the same rows. */
function daylioCsv(years: number): string {
  const lines = ['\uFEFFfull_date,date,weekday,time,mood,activities,scales,note_title,note']
  const end = Date.UTC(2026, 0, 1)
  const days = Math.round(years * 365.25)
  for (let d = 1; d <= days; d++) {
    const date = new Date(end - d * 86_400_000).toISOString().slice(0, 10)
    const entries = 1 + (d % 3)
    for (let e = entries - 1; e >= 0; e--) {
      const acts = ACTIVITIES.filter((_, i) => (d + e + i) % 4 === 0).join(' | ')
      const note = d % 5 === 0 ? `"Day ${d}, entry ${e}: met ""A"" &amp; B<br>then home"` : ''
      lines.push(`${date},x,x,${CLOCK[e]},${MOODS[(d + e) % 5]},${acts},Stress: ${(d % 5) + 1} | Energy: ${(d % 4) + 1},${d % 7 === 0 ? 'Title' : ''},${note}`)
    }
  }
  return lines.join('\n') + '\n'
}

interface Measure { rows: number; fileMb: number; dryRunSeconds: number; readSeconds: number; jobSeconds: number; dryRunPeakMb: number; jobPeakMb: number; peakGrowthMb: number; status: string; days: number }

async function importOnce(years: number, dataDir: string): Promise<Measure> {
  const { deps, actor, startImport, runNextImportJob } = await importRuntime(dataDir)
  const text = daylioCsv(years)
  const rows = text.split('\n').length - 2
  const file = () => new File([text], 'daylio.csv', { type: 'text/csv' })
  const rss = rssPeak()
  try {
    let started = performance.now()
    const dry = await startImport(deps, actor, { file: file(), format: 'daylio-csv', dry_run: 'true' }, {})
    const dryRunSeconds = (performance.now() - started) / 1000
    const dryRunPeakMb = rss.growthMb()
    started = performance.now()
    await startImport(deps, actor, { file: file(), format: 'daylio-csv' }, {})
    const readSeconds = (performance.now() - started) / 1000
    // The job on its own, from after a full collection: what the import itself holds while it writes.
    const whole = rss.growthMb()
    const job = rssPeak()
    started = performance.now()
    const outcome = await runNextImportJob(deps)
    const jobSeconds = (performance.now() - started) / 1000
    const jobPeakMb = job.growthMb()
    job.stop()
    const days = dry.dryRun ? dry.findings.days : 0
    return { rows, fileMb: text.length / MB, dryRunSeconds, readSeconds, jobSeconds, dryRunPeakMb, jobPeakMb, peakGrowthMb: Math.max(whole, rss.growthMb()), status: outcome?.status ?? 'none', days }
  } finally {
    rss.stop()
    deps.db.$client.close()
  }
}

async function main() {
  const [mode, years, dataDir] = process.argv.slice(2)
  if (mode === '--import') return void process.stdout.write(JSON.stringify(await importOnce(Number(years), dataDir!)) + '\n')
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0)
  const out: (string | number)[][] = []
  for (const y of sizes.length > 0 ? sizes : [1, 10, 20]) {
    const dir = tempDir('daybook-bench-daylio-')
    try {
      const run = Bun.spawnSync([process.execPath, import.meta.path, '--import', String(y), dir], { stderr: 'inherit' })
      if (run.exitCode !== 0) throw new Error(`${y} years failed`)
      const m: Measure = JSON.parse(run.stdout.toString().trim().split('\n').at(-1)!)
      out.push([y, m.rows, m.days, m.fileMb.toFixed(2), m.status, m.dryRunSeconds.toFixed(2), m.readSeconds.toFixed(2), m.jobSeconds.toFixed(2), m.dryRunPeakMb.toFixed(1), m.jobPeakMb.toFixed(1), m.peakGrowthMb.toFixed(1)])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  console.log(table(['years', 'rows', 'days', 'file (MB)', 'status', 'dry run (s)', 'request (s)', 'job (s)', 'dry run peak RSS growth (MB)', 'job peak RSS growth (MB)', 'whole peak RSS growth (MB)'], out))
}

await main()
