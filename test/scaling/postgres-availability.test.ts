import { afterEach, expect, test } from 'bun:test'
import { postgresAvailability } from '../helpers/postgres'

const saved = process.env.DAYBOOK_SKIP_POSTGRES
afterEach(() => {
  if (saved === undefined) delete process.env.DAYBOOK_SKIP_POSTGRES
  else process.env.DAYBOOK_SKIP_POSTGRES = saved
})

test('without the Debian package the PostgreSQL tests fail with a message naming it; they never skip silently', () => {
  delete process.env.DAYBOOK_SKIP_POSTGRES
  const missing = postgresAvailability('/nonexistent/postgresql')
  expect(missing.state).toBe('missing')
  expect((missing as { message: string }).message).toContain('Debian package `postgresql`')
  expect((missing as { message: string }).message).toContain('DAYBOOK_SKIP_POSTGRES=1')
})

test('DAYBOOK_SKIP_POSTGRES=1 is the explicit skip, and says so', () => {
  process.env.DAYBOOK_SKIP_POSTGRES = '1'
  const skipped = postgresAvailability('/nonexistent/postgresql')
  expect(skipped).toEqual({ state: 'skip', message: 'PostgreSQL tests skipped: DAYBOOK_SKIP_POSTGRES=1 is set (the Debian package `postgresql` is not installed).' })
})
