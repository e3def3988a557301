/**
 * JavaScriptCore options for `serve`, for a small footprint on a Pi. JSC reads them once, from `BUN_JSC_*` environment variables, as the VM
 * starts, and a compiled executable cannot carry an environment, so the executable re-executes itself with the
 * missing ones (`execve`: same pid, same arguments, nothing has run yet). A value set by the operator wins.
 *
 * Start-up (Elysia, TypeBox and drizzle building ~150 routes, their schemas and tables) runs a few library
 * functions hundreds of times: at the default thresholds (500 executions for the baseline JIT, 1,000 for DFG)
 * JSC compiles ~100 of them with the baseline JIT and ~50 with DFG, and the compilers' touched code and memory
 * stay resident: about 6 MB of the idle RSS (README, Performance). Ten and twenty times the defaults keep
 * start-up in the interpreter; under load a request's functions cross them within the first second.
 *
 * Under load the generational collector let the old generation fill with what requests left behind until a
 * full collection: after an eden collection JSC schedules a full one only when less than a third of the heap
 * budget remains (`minEdenToOldGenerationRatio` 1/3). At 0.7 the full collections come earlier: the 20-user load
 * benchmark's level fell from 124 to 94 MB (median RSS), its throughput within run-to-run noise. 0.5 kept
 * 104 MB, 0.85 no less than 0.7; turning the generational collector off (93 MB) cost a fifth of the throughput.
 */
export const SERVE_JSC_OPTIONS: Record<string, string> = {
  BUN_JSC_thresholdForJITAfterWarmUp: '5000',
  BUN_JSC_thresholdForOptimizeAfterWarmUp: '20000',
  BUN_JSC_minEdenToOldGenerationRatio: '0.7',
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
