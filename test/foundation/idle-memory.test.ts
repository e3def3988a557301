/**
 * The idle-memory shrinker as `daybook serve` wires it: one shrink when start-up is done, none while requests
 * keep coming, one after a quiet spell of the injected clock, and none again until the next request.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { serveOptions } from '../../src/server'
import { startIdleMemory, type IdleMemory } from '../../src/lib/idle-memory'

const QUIET_MS = 40 // the shrinker checks every QUIET_MS / 2 of real time; the quiet spell itself is clock time

let t: TestApp
let idle: IdleMemory
let server: ReturnType<typeof Bun.serve>
beforeEach(() => {
  t = createTestApp()
  idle = startIdleMemory(t.deps, QUIET_MS)
  server = Bun.serve({ ...serveOptions(t.deps, t.app, idle.touch), port: 0, hostname: '127.0.0.1' })
})
afterEach(() => {
  idle.stop()
  server.stop(true)
  t.close()
})

const shrinks = () => t.logs.map((l) => JSON.parse(l)).filter((l) => l.msg === 'quiet: memory handed back')
const checks = (n: number) => Bun.sleep(n * QUIET_MS / 2 + 5)
async function untilShrinks(n: number) {
  for (let i = 0; i < 200 && shrinks().length < n; i++) await Bun.sleep(10)
  expect(shrinks()).toHaveLength(n)
}

describe('idle memory', () => {
  test("the pinned Bun has the call it relies on (a fallback would keep the load benchmark's memory)", () => {
    expect(typeof Bun.shrink).toBe('function')
  })

  test('shrinks after start-up, then once per quiet spell that follows requests', async () => {
    expect(shrinks()).toHaveLength(1)
    expect(shrinks()[0].rss_mb).toBeGreaterThan(0)

    // Requests at an unmoved clock: the spell never gets quiet.
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/health`)).status).toBe(200)
      await checks(1)
    }
    expect(shrinks()).toHaveLength(1)

    t.clock.advance(QUIET_MS - 1)
    await checks(2)
    expect(shrinks()).toHaveLength(1)
    t.clock.advance(1)
    await untilShrinks(2)

    // Quiet without a request since: nothing more to hand back.
    t.clock.advance(10 * QUIET_MS)
    await checks(3)
    expect(shrinks()).toHaveLength(2)

    expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/nope`)).status).toBe(404)
    t.clock.advance(QUIET_MS)
    await untilShrinks(3)
  })
})
