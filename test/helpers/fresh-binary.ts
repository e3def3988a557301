/**
 * dist/daybook as `npm run build` makes it, rebuilt first when it is missing or older than the sources, so
 * the end-to-end test never runs a stale executable and never skips.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The newest change among what goes into the executable: src/ and package.json (its version). */
function newestSourceMs(root: string): number {
  const src = join(root, 'src')
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).map((f) => join(src, f))
  return Math.max(...[...files, join(root, 'package.json')].map((f) => statSync(f).mtimeMs))
}

export function freshBinary(root: string): string {
  const dist = join(root, 'dist')
  const binary = join(dist, 'daybook')
  if (existsSync(binary) && statSync(binary).mtimeMs >= newestSourceMs(root)) return binary
  // scripts/compile.ts builds in a private folder and renames into place: a parallel run never starts a half-written file.
  mkdirSync(dist, { recursive: true })
  const build = Bun.spawnSync([process.execPath, 'scripts/compile.ts', binary], { cwd: root, stdout: 'pipe', stderr: 'pipe' })
  if (build.exitCode !== 0) {
    throw new Error(`dist/daybook is missing or older than src/, and building it failed:\n${build.stderr.toString()}`)
  }
  return binary
}
