/**
 * JavaScriptCore options for `serve`. JSC reads them once, from `BUN_JSC_*` environment variables, as the VM
 * starts, and a compiled executable cannot carry an environment, so the executable re-executes itself with the
 * missing ones (`execve`: same pid, same arguments, nothing has run yet). A value set by the operator wins.
 *
 * Start-up (Elysia, TypeBox and drizzle building ~150 routes, their schemas and tables) runs a few library
 * functions hundreds of times: at the default thresholds (500 executions for the baseline JIT, 1,000 for DFG)
 * JSC compiles ~100 of them with the baseline JIT and ~50 with DFG, and the compilers' touched code and memory
 * stay resident: about 6 MB of the idle RSS (README, Performance). Ten and twenty times the defaults keep
 * start-up in the interpreter; under load a request's functions cross them within the first second.
 */
export const SERVE_JSC_OPTIONS: Record<string, string> = {
  BUN_JSC_thresholdForJITAfterWarmUp: '5000',
  BUN_JSC_thresholdForOptimizeAfterWarmUp: '20000',
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
