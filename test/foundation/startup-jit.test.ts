/**
 * The executable reaches a healthy /api/v1/health without compiling anything with JSC's optimising JITs (DFG, FTL).
 * The first such compilation runs the compiler's own code, which then stays resident in the idle server (1.6 MB for
 * the DFG, 2.1 MB more for the FTL; README "Where the memory went"). A function called a few thousand times while
 * the server starts (a helper of a schema walk, a library's callback) is what reaches their thresholds.
 *
 * The server is started with serve's JSC options already set, so it does not re-execute itself and stderr holds only
 * the serving process's report of what it compiled.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { SERVE_JSC_OPTIONS } from '../../src/config'
import { freshBinary } from '../helpers/fresh-binary'
import { freePort, untilHealthy } from '../helpers/serve'

const ROOT = resolve(import.meta.dir, '../..')
let binary: string
beforeAll(() => { binary = freshBinary(ROOT) }, 120_000)
const dir = mkdtempSync(join(tmpdir(), 'daybook-startup-jit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))


test('serve starts without an optimising JIT compilation', async () => {
  const port = await freePort()
  const proc = Bun.spawn([binary, 'serve'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: join(dir, 'data'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...SERVE_JSC_OPTIONS, BUN_JSC_dumpSourceAtDFGTime: '1' },
    stdout: 'ignore', stderr: 'pipe',
  })
  try {
    expect(await untilHealthy(`http://127.0.0.1:${port}`, proc)).toBe(true)
    await Bun.sleep(500) // the compiler threads' reports of what start-up queued
  } finally {
    proc.kill()
    await proc.exited
  }
  const compiled = (await new Response(proc.stderr).text()).split('\n').filter((l) => l.includes('Compiled') || l.startsWith("'''"))
  expect(compiled).toEqual([])
}, 180_000)
