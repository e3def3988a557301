/**
 * The test app factory: each test app gets a fresh migrated database (a copy of a per-process template) in
 * its own temp data folder, a clock the test moves, and a captured log. Requests go through the same front
 * door as the real server. Passwords are hashed at the cheapest allowed argon2id cost.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, type Config } from '../../src/config'
import { prepareDataDir } from '../../src/data-dir'
import { openDatabase } from '../../src/lib/db/client'
import { migrate } from '../../src/lib/db/migrate'
import { createLogger } from '../../src/lib/logger'
import { createApp, type App } from '../../src/app'
import type { Deps } from '../../src/lib/deps'
import { assembleDeps } from '../../src/runtime'
import { seedDatabase } from './template-db'

export const T0 = Date.parse('2026-06-24T10:00:00.000Z')

export class TestClock {
  constructor(public ms = T0) {}
  now = () => this.ms
  advance(ms: number) { this.ms += ms }
  set(ms: number | string) { this.ms = typeof ms === 'string' ? Date.parse(ms) : ms }
}

export interface TestApp {
  app: App
  deps: Deps
  config: Config
  clock: TestClock
  dataDir: string
  logs: string[]
  /** one request through the front door; `body` objects are sent as JSON */
  request(method: string, path: string, opts?: RequestOptions): Promise<TestResponse>
  close(): void
}

export interface RequestOptions {
  body?: unknown
  token?: string
  headers?: Record<string, string>
  ip?: string
}

export interface TestResponse {
  status: number
  headers: Headers
  body: any
  raw: Response
}

export function createTestApp(env: Record<string, string> = {}, existingDataDir?: string): TestApp {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'daybook-test-'))
  // The weather is off unless a test points it at its own loopback peer: no test reaches the real Open-Meteo.
  const config = loadConfig({
    DATA_DIR: dataDir, PUBLIC_URL: 'http://daybook.test', PASSWORD_HASH_MEMORY_KIB: '1024', WEATHER_API_URL: 'off', GEOCODING_API_URL: 'off', CHECK_RESPONSES: 'true', ...env,
  })
  const appKey = prepareDataDir(config)
  seedDatabase(config.databasePath)
  const db = openDatabase(config.databasePath)
  // Nothing to do on a copy of the template; a reused database (restart tests) is migrated as at start-up.
  migrate(db.$client)
  const clock = new TestClock()
  const logs: string[] = []
  const logger = createLogger('debug', 'json', (line) => logs.push(line))
  const deps: Deps = assembleDeps({ config, appKey, db, clock, logger })
  const app = createApp(deps)
  return {
    app, deps, config, clock, dataDir, logs,
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers }
      if (opts.token) headers.authorization = `Bearer ${opts.token}`
      let body: BodyInit | undefined
      if (opts.body instanceof FormData || typeof opts.body === 'string' || opts.body instanceof Uint8Array) body = opts.body as BodyInit
      else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body)
        headers['content-type'] ??= 'application/json'
      }
      const raw = await app.handle(new Request(`http://daybook.test${path}`, { method, headers, body }), opts.ip ?? '127.0.0.1')
      const text = await raw.clone().text()
      let parsed: unknown = text
      try { parsed = text ? JSON.parse(text) : null } catch { /* not JSON */ }
      return { status: raw.status, headers: raw.headers, body: parsed, raw }
    },
    close() {
      db.$client.close()
      if (!existingDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
