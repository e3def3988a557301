/**
 * End to end: the compiled executable, started from an empty folder with no configuration, serves real HTTP,
 * keeps its data beside it, refuses bad configuration with exit code 2, and stops cleanly on SIGTERM.
 * Runs dist/daybook, built first when it is missing or older than the sources.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freshBinary } from '../helpers/fresh-binary'
import { SERVE_JSC_OPTIONS } from '../../src/config'
import { freePort } from '../helpers/serve'

let binary: string
const work: string[] = []

beforeAll(() => { binary = freshBinary(resolve(import.meta.dir, '../..')) }, 120_000)

afterAll(() => {
  for (const dir of work) rmSync(dir, { recursive: true, force: true })
})

function emptyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-e2e-'))
  work.push(dir)
  return dir
}

/** Only PATH and HOME from the outside: the binary must need nothing else. */
const cleanEnv = (extra: Record<string, string> = {}) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...extra })


/** The BUN_JSC_* variables a running process was executed with. */
function jscOptionsOf(pid: number): Record<string, string> {
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
  return Object.fromEntries(environ.filter((kv) => kv.startsWith('BUN_JSC_')).map((kv) => kv.split('=', 2) as [string, string]))
}

async function waitHealthy(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok, () => false)) return
    await Bun.sleep(25)
  }
  throw new Error('the executable did not become healthy')
}

describe('the compiled executable', () => {
  test("serve keeps an operator's own JSC option and adds only the missing ones", async () => {
    const port = await freePort()
    const proc = Bun.spawn([binary, 'serve'], { cwd: emptyDir(), env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1', BUN_JSC_thresholdForOptimizeAfterWarmUp: '700' }), stdout: 'ignore', stderr: 'pipe' })
    try {
      await waitHealthy(port)
      expect(jscOptionsOf(proc.pid)).toEqual({ ...SERVE_JSC_OPTIONS, BUN_JSC_thresholdForOptimizeAfterWarmUp: '700' })
    } finally {
      proc.kill('SIGTERM')
    }
    expect(await proc.exited).toBe(0)
  }, 30_000)


  test('--version and --help', () => {
    const v = Bun.spawnSync([binary, '--version'], { cwd: emptyDir(), env: cleanEnv() })
    expect(v.exitCode).toBe(0)
    expect(v.stdout.toString().trim()).toBe('daybook 1.0.0')
    const h = Bun.spawnSync([binary, '--help'], { cwd: emptyDir(), env: cleanEnv() })
    expect(h.exitCode).toBe(0)
    expect(h.stdout.toString()).toContain('daybook migrate')
  })

  test('a bad configuration value stops start-up with exit code 2 and one line naming it', () => {
    for (const [name, value] of [['PORT', 'abc'], ['DEFAULT_TIMEZONE', 'Mars/Base']] as const) {
      const r = Bun.spawnSync([binary], { cwd: emptyDir(), env: cleanEnv({ [name]: value }) })
      expect(r.exitCode).toBe(2)
      const lines = r.stderr.toString().trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(name)
    }
  })

  test('migrate creates the database in ./data of an empty folder', () => {
    const dir = emptyDir()
    const r = Bun.spawnSync([binary, 'migrate'], { cwd: dir, env: cleanEnv() })
    expect(r.exitCode).toBe(0)
    expect(existsSync(join(dir, 'data/daybook.db'))).toBe(true)
  })

  test('serves from an empty folder with no configuration and stops cleanly on SIGTERM', async () => {
    const dir = emptyDir()
    const port = await freePort()
    const proc = Bun.spawn([binary], { cwd: dir, env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1', EMAIL_VERIFICATION: 'true' }), stdout: 'pipe', stderr: 'pipe' })
    try {
      let health: Response | undefined
      for (let i = 0; i < 200 && !health; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined)
        if (!health) await Bun.sleep(25)
      }
      expect(health?.status).toBe(200)
      expect(await health!.json()).toMatchObject({ status: 'OK', app: 'daybook', version: '1.0.0' })
      // The process serving is the one started (execve keeps the pid), running with the JSC options of serve.
      expect(jscOptionsOf(proc.pid)).toEqual(SERVE_JSC_OPTIONS)

      expect(statSync(join(dir, 'data/app.key')).mode & 0o777).toBe(0o600)
      expect(readdirSync(join(dir, 'data')).sort()).toEqual(expect.arrayContaining(['daybook.db', 'exports', 'files', 'outbox']))

      const missing = await fetch(`http://127.0.0.1:${port}/api/v1/nope`, { headers: { origin: 'http://x.test' } })
      expect(missing.status).toBe(404)
      expect(missing.headers.get('access-control-allow-origin')).toBe('*')
      expect((await missing.json()).code).toBe('not_found')

      const big = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, { method: 'POST', body: 'x'.repeat(1_048_577), headers: { 'content-type': 'application/json' } })
      expect(big.status).toBe(413)

      const docs = await fetch(`http://127.0.0.1:${port}/api/docs/json`)
      expect(docs.status).toBe(200)

      // The web app and the docs UI come out of the executable itself, not from a folder next to it.
      for (const page of ['/', '/auth/reset-password?token=x&email=a%40b.c', '/api/docs']) {
        const html = await fetch(`http://127.0.0.1:${port}${page}`)
        expect(html.status).toBe(200)
        const text = await html.text()
        const assets = [...text.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!)
        expect(assets.length).toBeGreaterThan(1)
        for (const asset of assets) expect({ asset, status: (await fetch(`http://127.0.0.1:${port}${asset}`)).status }).toEqual({ asset, status: 200 })
      }

      // Modules the binary loads on first use (nodemailer for the outbox, @simplewebauthn for passkeys).
      const register = await fetch(`http://127.0.0.1:${port}/api/v1/auth/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery', password_confirmation: 'correct horse battery' }),
      })
      expect(register.status).toBe(201)
      let mails: string[] = []
      for (let i = 0; i < 100 && mails.length === 0; i++) {
        mails = readdirSync(join(dir, 'data/outbox')).filter((f) => f.endsWith('.eml'))
        if (mails.length === 0) await Bun.sleep(20)
      }
      expect(mails).toHaveLength(1)
      const options = await fetch(`http://127.0.0.1:${port}/api/v1/auth/passkey/authenticate-options`, { method: 'POST' })
      expect(options.status).toBe(200)
      expect((await options.json()).data.rpId).toBe('localhost')
    } finally {
      proc.kill('SIGTERM')
    }
    expect(await proc.exited).toBe(0)
    const out = await new Response(proc.stdout).text()
    const lines = out.trim().split('\n').map((l) => JSON.parse(l))
    expect(lines.some((l) => l.msg === 'daybook listening')).toBe(true)
    expect(lines.filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(4)
    expect(lines.at(-1).msg).toBe('stopped')
  }, 30_000)

  test('quick add reads a fetched page with the parser it loads on first use', async () => {
    const page = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('<html><head><title>Fish &amp; Chips</title></head></html>', { headers: { 'content-type': 'text/html' } }) })
    const dir = emptyDir()
    const port = await freePort()
    const proc = Bun.spawn([binary], { cwd: dir, env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1', FETCH_ALLOW_PRIVATE: 'true' }), stdout: 'ignore', stderr: 'pipe' })
    const api = (path: string, body: unknown, token?: string) => fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    })
    try {
      for (let i = 0; i < 200; i++) {
        if (await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined)) break
        await Bun.sleep(25)
      }
      const password = 'correct horse battery'
      expect((await api('/auth/register', { name: 'Ada', email: 'ada@example.com', password, password_confirmation: password })).status).toBe(201)
      const { data } = await (await api('/auth/login', { email: 'ada@example.com', password })).json()
      const commit = await api('/dashboard/quick-add/commit', { content: `http://127.0.0.1:${page.port}/`, content_type: 'links' }, data.token)
      expect(commit.status).toBe(201)
      expect((await commit.json()).data).toMatchObject({ title: 'Fish & Chips' })
    } finally {
      proc.kill('SIGTERM')
      page.stop(true)
    }
    expect(await proc.exited).toBe(0)
  }, 30_000)
})
