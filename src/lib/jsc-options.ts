/**
 * JavaScriptCore options for `serve`, for a small footprint on a Pi. JSC reads them once, from `BUN_JSC_*`
 * environment variables, as the VM starts, and a compiled executable cannot carry an environment, so the
 * executable re-executes itself with the missing ones (`execve`: same pid, same arguments, before anything has
 * started). A value set by the operator wins. `bun src/main.ts` (development) runs without them.
 *
 * Start-up (Elysia, TypeBox and drizzle building ~150 routes, their schemas and tables) runs a few library
 * functions over a thousand times: at JSC's default DFG threshold (1,000 executions) ~50 of them were compiled
 * by the optimising DFG JIT, whose touched code and memory stayed resident, about 5 MB of the idle RSS (README,
 * Performance). Twenty times the default keeps start-up out of DFG; under load a request's functions reach it
 * within seconds. (Raising the baseline JIT's threshold as well saved only 0.6 MB more.)
 *
 * Under load the generational collector let the old generation fill with what requests left behind until a
 * full collection: after an eden collection JSC schedules a full one only when less than a third of the heap
 * budget remains (`minEdenToOldGenerationRatio` 1/3). At 0.5 the full collections come earlier: the 20-user
 * load benchmark's level fell from 124 to 104 MB (median RSS, 60 s runs). 0.7 reached 94 MB but cost the
 * 64-writer benchmarks a fifth of their throughput (0.68-0.72 of the baseline against 0.81-0.88 at 0.5);
 * turning the generational collector off (93 MB) cost a fifth of the mixed load's throughput.
 */
export const SERVE_JSC_OPTIONS: Record<string, string> = {
  BUN_JSC_thresholdForOptimizeAfterWarmUp: '20000',
  BUN_JSC_minEdenToOldGenerationRatio: '0.5',
}

/** True inside `bun build --compile` output, whose entry point lives in Bun's embedded file system. */
const compiled = Bun.main.startsWith('/$bunfs/')

/** Re-executes the compiled executable with SERVE_JSC_OPTIONS when one is missing; returns otherwise. */
export function applyJscOptions(args: string[]): void {
  const missing = Object.entries(SERVE_JSC_OPTIONS).filter(([name]) => process.env[name] === undefined)
  // process.execve arrived in Bun 1.2; typed optional because Node's types describe older Nodes too.
  if (!compiled || missing.length === 0 || !process.execve) return
  process.execve(process.execPath, [process.argv0, ...args], { ...process.env, ...Object.fromEntries(missing) })
}
