import { expect, test } from 'bun:test'
import { requirePostgresBin } from '../helpers/postgres'

test('without the Debian package the PostgreSQL tests fail with a message naming it; they never skip', () => {
  expect(() => requirePostgresBin('/nonexistent/postgresql')).toThrow('Install the Debian package `postgresql`')
})
