/**
 * Run first by `npm test`: the Debian packages the suite needs are there before any test runs. The README's two
 * commands (`npm ci`, `npm test`) then work on a fresh Debian machine, and a machine that cannot install them
 * stops here with the one command to run instead of failing half-way through with a missing binary.
 *
 * Missing packages are installed when that can be done unattended (root, apt-get on PATH); otherwise this exits 1
 * naming the command. With everything in place it prints nothing. `.ci/run` gets the packages through here too.
 */
import { existsSync } from 'node:fs'
import { findPostgresBin, POSTGRES_PACKAGE } from '../test/helpers/postgres'

interface Prerequisite { pkg: string; present: () => boolean }

const PREREQUISITES: Prerequisite[] = [
  // test/browser/harness.ts launches this binary (never a browser download).
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  // Info-ZIP, the reference reader the export and backup tests check their archives with (found on PATH).
  { pkg: 'unzip', present: () => Bun.which('unzip') !== null },
  // initdb and pg_ctl for the PostgreSQL engine's tests (test/helpers/postgres.ts, in a temp folder).
  { pkg: POSTGRES_PACKAGE, present: () => findPostgresBin() !== undefined },
]

const missing = () => PREREQUISITES.filter((p) => !p.present()).map((p) => p.pkg)

/** Runs one apt-get step quietly; on failure its output is shown, since that is the only clue. */
function aptGet(args: string[]): boolean {
  const r = Bun.spawnSync(['apt-get', ...args], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, stdout: 'pipe', stderr: 'pipe',
  })
  if (r.exitCode === 0) return true
  process.stderr.write(`apt-get ${args.join(' ')} failed (exit ${r.exitCode}):\n${r.stdout.toString()}${r.stderr.toString()}`)
  return false
}

function stop(packages: string[]): never {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  const them = packages.length === 1 ? 'it' : 'them'
  console.error(`npm test needs Debian's ${new Intl.ListFormat('en').format(packages)} before any test can run. Install ${them} with\n\n` +
    `  ${sudo}apt-get install -y ${packages.join(' ')}\n\nand run npm test again.`)
  process.exit(1)
}

const needed = missing()
if (needed.length > 0) {
  if (process.getuid?.() !== 0 || Bun.which('apt-get') === null) stop(needed)
  console.error(`Installing the Debian package(s) the tests need: ${needed.join(' ')}`)
  if (!aptGet(['update', '-qq']) || !aptGet(['install', '-y', '-qq', ...needed])) stop(needed)
  const still = missing()
  if (still.length > 0) stop(still)
}
