/**
 * `npm test` checks the Debian packages the suite needs before anything else (scripts/test-prerequisites.ts).
 * Each run here gets a PATH of its own making: a folder holding only the tools that run should see, so a missing
 * tool is real for the script without uninstalling anything, and no run can reach apt-get.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const folders: string[] = []
afterAll(() => { for (const f of folders) rmSync(f, { recursive: true, force: true }) })

/** A folder for PATH with links to just these tools of this machine. */
function pathWith(tools: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-path-'))
  folders.push(dir)
  for (const tool of tools) {
    const found = Bun.which(tool)
    if (!found) throw new Error(`${tool} is not on this machine's PATH`)
    symlinkSync(found, join(dir, tool))
  }
  return dir
}

function run(cmd: string[], path: string) {
  const r = Bun.spawnSync(cmd, { cwd: ROOT, env: { ...process.env, PATH: path }, stdout: 'pipe', stderr: 'pipe' })
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() }
}

const command = process.getuid?.() === 0 ? 'apt-get install -y unzip' : 'sudo apt-get install -y unzip'
const message = `npm test needs Debian's unzip before any test can run. Install it with\n\n  ${command}\n\nand run npm test again.\n`

test('with every package in place the check passes and prints nothing', () => {
  expect(run([process.execPath, 'scripts/test-prerequisites.ts'], pathWith(['unzip']))).toEqual({ code: 0, out: '', err: '' })
})

test('a missing tool that cannot be installed (no apt-get) stops the check with the one command to run', () => {
  expect(run([process.execPath, 'scripts/test-prerequisites.ts'], pathWith([]))).toEqual({ code: 1, out: '', err: message })
})

test('npm test stops there, before the web build and before any test runs', () => {
  // The file filter matches nothing, so even a check that let the run through would not start the suite again.
  const r = run([Bun.which('npm')!, 'test', '--', 'test/no-such-folder'], pathWith(['node', 'sh']))
  expect(r.code).not.toBe(0)
  expect(r.err).toContain(message)
  expect(`${r.out}${r.err}`).not.toContain('bun test v')
  expect(`${r.out}${r.err}`).not.toContain('web app built')
})
