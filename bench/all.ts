/**
 * `bun bench/all.ts`: every benchmark behind the README's Performance figures, in one sequential run on an
 * otherwise idle machine — the foundation (start-up, idle memory, light routes), the writes and reads, the
 * search, the 5-minute memory load, then the first two again on one core (the server and its baseline pinned to CPU 0
 * with BENCH_SERVER_CPUS, the load generator to CPU 1), the nearest thing to a Raspberry Pi here. Each bench
 * measures daybook beside its bare baseline in the same run. About 15 minutes.
 */
const bun = process.execPath
const oneCore = { BENCH_SERVER_CPUS: '0' }
const steps: { title: string; cmd: string[]; env?: Record<string, string> }[] = [
  { title: 'Foundation: start-up, idle memory, light routes', cmd: [bun, 'bench/run.ts'] },
  { title: 'Writes and reads', cmd: [bun, 'bench/clipboard-check-in.ts'] },
  { title: 'Search', cmd: [bun, 'bench/search.ts'] },
  { title: 'Memory under load', cmd: [bun, 'bench/load-rss.ts'] },
  { title: 'One core: foundation', cmd: ['taskset', '-c', '1', bun, 'bench/run.ts'], env: oneCore },
  { title: 'One core: writes and reads', cmd: ['taskset', '-c', '1', bun, 'bench/clipboard-check-in.ts'], env: oneCore },
]

console.log(`# Benchmarks, ${new Date().toISOString()}, Bun ${Bun.version}`)
for (const step of steps) {
  console.log(`\n## ${step.title}\n`)
  const run = Bun.spawnSync(step.cmd, { cwd: `${import.meta.dir}/..`, env: { ...process.env, ...step.env }, stdout: 'inherit', stderr: 'inherit' })
  if (run.exitCode !== 0) throw new Error(`${step.title}: exit code ${run.exitCode}`)
}
