/**
 * `bun build --compile` with the project's flags, declared once for `npm run build`, `npm run build:arm64` and
 * the end-to-end test's fresh executable: `bun scripts/compile.ts OUTFILE [TARGET]`.
 *
 * `--splitting` keeps every dynamic `import()` (the server for `serve`, the CLI commands, nodemailer, the passkey
 * and image libraries) in its own embedded chunk, parsed only when first imported: as one bundle, JSC parsed
 * 1.5 MB of JavaScript at every start, about 4 MB of idle RSS (README, Performance).
 *
 * The worker threads (the backup's src/features/backups/archive-worker.ts, the WAL checkpointer's
 * src/lib/db/checkpoint-worker.ts) are entry points too: Bun embeds a worker only when it is one, under its path
 * below src/ (archive-thread.ts and checkpoints.ts start them from there).
 *
 * The executable is built in a private folder and renamed into place, so a running test or server never starts
 * a half-written file; the source maps are embedded, and the chunk maps Bun also writes are left behind with it.
 */
import { mkdtempSync, renameSync, rmSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'

const [outfile, target] = process.argv.slice(2)
if (!outfile) throw new Error('usage: bun scripts/compile.ts OUTFILE [TARGET]')
const destination = resolve(outfile)
const staging = mkdtempSync(join(dirname(destination), '.build-'))
try {
  const args = ['build', 'src/main.ts', 'src/features/backups/archive-worker.ts', 'src/lib/db/checkpoint-worker.ts', '--compile', '--splitting', '--minify', '--sourcemap', '--outfile', join(staging, basename(destination))]
  if (target) args.push(`--target=${target}`)
  const result = Bun.spawnSync([process.execPath, ...args], { cwd: join(import.meta.dir, '..'), stdout: 'inherit', stderr: 'inherit' })
  if (result.exitCode !== 0) process.exit(result.exitCode ?? 1)
  renameSync(join(staging, basename(destination)), destination)
} finally {
  rmSync(staging, { recursive: true, force: true })
}
