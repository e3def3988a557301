import { serveEnvironment } from '../config'

/**
 * JavaScriptCore options for `serve` (SERVE_JSC_OPTIONS in config.ts). JSC reads them once, from `BUN_JSC_*`
 * environment variables, as the VM starts, and a compiled executable cannot carry an environment, so the
 * executable re-executes itself with the missing ones (`execve`: same pid, same arguments, before anything has
 * started). A value set by the operator wins. `bun src/main.ts` (development) runs without them.
 */

/** True inside `bun build --compile` output, whose entry point lives in Bun's embedded file system. */
const compiled = Bun.main.startsWith('/$bunfs/')

/** Re-executes the compiled executable with SERVE_JSC_OPTIONS when one is missing; returns otherwise. */
export function applyJscOptions(args: string[]): void {
  const env = serveEnvironment()
  // process.execve arrived in Bun 1.2; typed optional because Node's types describe older Nodes too.
  if (!compiled || !env || !process.execve) return
  process.execve(process.execPath, [process.argv0, ...args], env)
}
