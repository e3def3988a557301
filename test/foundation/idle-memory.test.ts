/**
 * The idle-memory shrinker as `daybook serve` wires it: one shrink before the app is built and one when start-up is
 * done, none while requests keep coming, one after a quiet spell of the injected clock, and none again until the next
 * request.
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

  test('shrinks at start-up and again once start-up is done, then once per quiet spell that follows requests', async () => {
    // One at once, one when the task that started the shrinker has ended (serve builds the app between the two).
    expect(shrinks()).toHaveLength(1)
    expect(shrinks()[0].rss_mb).toBeGreaterThan(0)
    await untilShrinks(2)

    // Requests at an unmoved clock: the spell never gets quiet.
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/health`)).status).toBe(200)
      await checks(1)
    }
    expect(shrinks()).toHaveLength(2)

    t.clock.advance(QUIET_MS - 1)
    await checks(2)
    expect(shrinks()).toHaveLength(2)
    t.clock.advance(1)
    await untilShrinks(3)

    // Quiet without a request since: nothing more to hand back.
    t.clock.advance(10 * QUIET_MS)
    await checks(3)
    expect(shrinks()).toHaveLength(3)

    expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/nope`)).status).toBe(404)
    t.clock.advance(QUIET_MS)
    await untilShrinks(4)
  })

  test('stopped before start-up is done, it does not shrink again', async () => {
    const early = startIdleMemory(t.deps, QUIET_MS)
    early.stop()
    await untilShrinks(3) // beforeEach's two and this one's first
    await checks(2)
    expect(shrinks()).toHaveLength(3)
  })
})
