/**
 * Export benchmark: seeds a fresh data folder with one user's data at several scales and runs the export job
 * in-process over the real dependencies, reporting wall time, peak RSS growth and peak JS heap (sampled
 * every 50 ms), RSS left after the job and a full GC, and the archive size. Each scale runs in its own
 * process so one run's heap cannot flatter or spoil another's.
 *
 *   node_modules/.bin/bun bench/export.ts            # scales 0.1, 1 and 10 (1 = 10 years of check-ins,
 *                                                    # 10,000 clipboard entries, 5,000 library items)
 *   node_modules/.bin/bun bench/export.ts 0.1 1 30   # any scales
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { seedUsers, table, tempDir } from './lib'

interface Counts { checkIns: number; clipboard: number; images: number; library: number }
interface Measure { status: string; seconds: number; baseMb: number; peakGrowthMb: number; peakHeapMb: number; afterGcGrowthMb: number; archiveMb: number }
type Result = { scale: number } & Counts & Measure

const FULL = { checkIns: 3650, clipboard: 10_000, images: 100, library: 5000 }
const LIBRARIES = ['music', 'books', 'movies', 'games', 'recipes', 'links', 'quotes', 'plants', 'feeds', 'todos', 'notes'] as const
const MB = 1024 * 1024

function itemData(library: string, i: number): Record<string, unknown> {
  const text = `Item ${i} `.repeat(8)
  switch (library) {
    case 'links': return { url: `https://example.com/${i}`, title: `Link ${i}`, description: text, tags: ['a', 'b'] }
    case 'quotes': return { quote: `Quote ${i}: ${text}`, author: 'Someone' }
    case 'plants': return { name: `Plant ${i}`, latin_name: 'Planta', location: 'indoor', instructions: text }
    case 'feeds': return { title: `Feed ${i}`, url: `https://example.com/feed/${i}.xml`, site_url: 'https://example.com/' }
    case 'todos': return { title: `Todo ${i}`, description: text, priority: 'medium', due_at: '2026-07-01', tags: ['x'] }
    case 'notes': return { title: `Note ${i % 50}`, content: `# Note ${i}\n${text.repeat(10)}` }
    default: return { title: `${library} ${i}`, description: text, publication_year: 2000 + (i % 25), wishlist: i % 2 === 0 }
  }
}

/** A small PNG-looking file of a few KB (the export copies bytes; it never decodes them). */
/** A PNG as the upload check sees one (signature and a 64×64 IHDR), with filler after it, 2–6 KB. */
function imageBytes(i: number): Uint8Array {
  const bytes = new Uint8Array(2048 + (i % 8) * 512)
  const header = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 64, 0, 0, 0, 64, 8, 2, 0, 0, 0]
  bytes.set(header)
  for (let k = header.length; k < bytes.length; k++) bytes[k] = (k * 31 + i) & 0xff
  return bytes
}

/** Seeds a fresh data folder (its own process, so seeding garbage cannot inflate the export's baseline). */
async function seed(dataDir: string, scale: number): Promise<Counts> {
  const counts = {
    checkIns: Math.round(FULL.checkIns * scale), clipboard: Math.round(FULL.clipboard * scale),
    images: Math.round(FULL.images * scale), library: Math.round(FULL.library * scale),
  }
  const { loadConfig } = await import('../src/config')
  const { openRuntime } = await import('../src/runtime')
  const { uuidv7, randomHex } = await import('../src/lib/crypto')
  const schema = await import('../src/tables')
  // openRuntime applies the migrations, as `daybook serve` does at start-up.
  const deps = openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }))
  const db = deps.db
  const t0 = Date.UTC(2016, 0, 1)
  const userId = seedUsers(deps.config.databasePath, 1, t0)[0]!.id

  const inBatches = <T>(rows: T[], insert: (batch: T[]) => void) => {
    db.transaction(() => { for (let i = 0; i < rows.length; i += 500) insert(rows.slice(i, i + 500)) })
  }
  inBatches(Array.from({ length: counts.checkIns }, (_, i) => ({
    userId, date: new Date(t0 + i * 86_400_000).toISOString().slice(0, 10), mood: (i % 5) + 1, water: (i % 4) + 1, sports: (i % 6) + 1,
    sleep: 3, createdAt: t0 + i * 86_400_000, updatedAt: t0 + i * 86_400_000,
  })), (b) => db.insert(schema.checkIns).values(b).run())

  const imageDir = join(dataDir, 'files/user', userId, 'clipboard')
  mkdirSync(imageDir, { recursive: true })
  const every = counts.images > 0 ? Math.floor(counts.clipboard / counts.images) : Infinity
  inBatches(Array.from({ length: counts.clipboard }, (_, i) => {
    const createdAt = t0 + i * 60_000
    if (i % every === 0) {
      const bytes = imageBytes(i)
      const filePath = `${userId}/clipboard/${randomHex(16)}.png`
      writeFileSync(join(dataDir, 'files/user', filePath), bytes)
      return { userId, type: 'image' as const, content: '', filePath, mimeType: 'image/png', sizeBytes: bytes.length, createdAt, updatedAt: createdAt }
    }
    return { userId, type: 'text' as const, content: `Clipboard ${i}, "quoted"\n${'lorem ipsum '.repeat(20 + (i % 80))}`, createdAt, updatedAt: createdAt }
  }), (b) => db.insert(schema.clipboardEntries).values(b).run())

  inBatches(Array.from({ length: counts.library }, (_, i) => {
    const library = LIBRARIES[i % LIBRARIES.length]!
    const createdAt = t0 + i * 3_600_000
    return { id: uuidv7(createdAt), userId, library, data: JSON.stringify(itemData(library, i)), createdAt, updatedAt: createdAt }
  }), (b) => db.insert(schema.libraryItems).values(b).run())

  db.insert(schema.exportJobs).values({ userId, status: 'pending', features: JSON.stringify(['checkIn', 'clipboard', ...LIBRARIES, 'friends', 'profile']), createdAt: Date.now() }).run()
  db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.$client.close()
  return counts
}

/** Runs the pending export job of a seeded folder and measures it. */
async function exportOnce(dataDir: string): Promise<Measure> {
  const { loadConfig } = await import('../src/config')
  const { openRuntime } = await import('../src/runtime')
  const { runNextExportJob } = await import('../src/features/export/run-job')
  const deps = openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }))
  Bun.gc(true)
  const base = process.memoryUsage().rss
  let peak = base
  let peakHeap = process.memoryUsage().heapUsed
  const sample = () => {
    const m = process.memoryUsage()
    peak = Math.max(peak, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }
  const sampler = setInterval(sample, 50)
  const started = performance.now()
  const outcome = await runNextExportJob(deps)
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  sample()
  Bun.gc(true)
  const afterGc = process.memoryUsage().rss
  const userDirs = readdirSync(join(dataDir, 'exports')).filter((d) => d !== 'tmp')
  const archive = join(dataDir, 'exports', userDirs[0] ?? '', `export_${outcome?.id}.zip`)
  const archiveMb = outcome?.status === 'completed' ? statSync(archive).size / MB : 0
  deps.db.$client.close()
  return {
    status: outcome?.status ?? 'none', seconds, baseMb: base / MB, peakGrowthMb: (peak - base) / MB,
    peakHeapMb: peakHeap / MB, afterGcGrowthMb: (afterGc - base) / MB, archiveMb,
  }
}

function runChild(args: string[]): any {
  const run = Bun.spawnSync([process.execPath, import.meta.path, ...args], { stderr: 'inherit' })
  if (run.exitCode !== 0) throw new Error(`${args.join(' ')} failed`)
  return JSON.parse(run.stdout.toString().trim().split('\n').at(-1)!)
}

async function main() {
  const [mode, arg, scaleArg] = process.argv.slice(2)
  if (mode === '--seed') return void process.stdout.write(JSON.stringify(await seed(arg!, Number(scaleArg))) + '\n')
  if (mode === '--export') return void process.stdout.write(JSON.stringify(await exportOnce(arg!)) + '\n')
  const scales = process.argv.slice(2).map(Number).filter((n) => n > 0)
  const results: Result[] = []
  for (const scale of scales.length > 0 ? scales : [0.1, 1, 10]) {
    const dataDir = tempDir('daybook-bench-export-')
    try {
      const counts: Counts = runChild(['--seed', dataDir, String(scale)])
      results.push({ scale, ...counts, ...runChild(['--export', dataDir]) as Measure })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const f = (n: number, d = 1) => n.toFixed(d)
  console.log(table(
    ['scale', 'check-ins', 'clipboard (images)', 'library items', 'status', 'seconds', 'RSS before (MB)', 'peak RSS growth (MB)', 'peak JS heap (MB)', 'RSS growth after job + GC (MB)', 'archive (MB)'],
    results.map((r) => [r.scale, r.checkIns, `${r.clipboard} (${r.images})`, r.library, r.status, f(r.seconds, 2), f(r.baseMb),
      f(r.peakGrowthMb), f(r.peakHeapMb), f(r.afterGcGrowthMb), f(r.archiveMb, 2)]),
  ))
}

await main()
