/**
 * The fixture most test files share: a fresh test app before each test, closed after it. The returned
 * handle always forwards to the current test's app, so a file can hold it in a `const` at the top.
 */
import { afterEach, beforeEach } from 'bun:test'
import { createTestApp, type TestApp } from './app'

export function useTestApp(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined
  beforeEach(() => { current = createTestApp(env) })
  afterEach(() => {
    current?.close()
    current = undefined
  })
  const app = (): TestApp => {
    if (!current) throw new Error('useTestApp: the test app exists only inside a test (between beforeEach and afterEach)')
    return current
  }
  return {
    get app() { return app().app },
    get deps() { return app().deps },
    get config() { return app().config },
    get clock() { return app().clock },
    get dataDir() { return app().dataDir },
    get logs() { return app().logs },
    request: (method, path, opts) => app().request(method, path, opts),
    close: () => app().close(),
  }
}
