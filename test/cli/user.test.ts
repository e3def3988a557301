/**
 * `daybook user …` run as a real process (src/main.ts) against a data folder that a running test app holds
 * open at the same time, as an operator would do next to the server.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const PASSWORD = 'operator chosen passphrase'

let dataDir: string
let server: TestApp
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'daybook-cli-'))
  server = createTestApp({ EMAIL_VERIFICATION: 'true' }, dataDir)
})
afterEach(() => {
  server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Run { code: number; stdout: string; stderr: string }

async function daybook(args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, '../../src/main.ts'), ...args], {
    // Hashes as cheaply as the test apps do: full-cost argon2id tripled the time of each `user create`.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PASSWORD_HASH_MEMORY_KIB: '1024', ...opts.env },
    stdin: opts.stdin === undefined ? 'ignore' : new Blob([opts.stdin]),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { code, stdout, stderr }
}

const login = (email: string, password: string) => server.request('POST', '/api/v1/auth/login', { body: { email, password } })

async function listRows(): Promise<string[][]> {
  const r = await daybook(['user', 'list'])
  expect(r.code).toBe(0)
  return r.stdout.trimEnd().split('\n').map((line) => line.split('\t'))
}

describe('daybook user create', () => {
  test('the first account is a verified super_admin, even with registration closed; the id is printed', async () => {
    const r = await daybook(['user', 'create', '--email', 'Root@Example.com', '--name', 'Root', '--password', PASSWORD], { env: { REGISTRATION_OPEN: 'false' } })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const id = r.stdout.trim()
    expect(id).toMatch(UUID)
    const session = await login('root@example.com', PASSWORD)
    expect(session.status).toBe(200)
    expect(session.body.data.user).toMatchObject({ id, email: 'Root@Example.com', name: 'Root', role: 'super_admin', confirmed: true })
  })

  test('the first account is super_admin even with --admin', async () => {
    expect((await daybook(['user', 'create', '--email', 'root@example.com', '--name', 'Root', '--password', PASSWORD, '--admin'])).code).toBe(0)
    expect((await login('root@example.com', PASSWORD)).body.data.user.role).toBe('super_admin')
  })

  test('--admin gives admin to later accounts, otherwise user; the password may come from the first line of stdin', async () => {
    expect((await daybook(['user', 'create', '--email', 'first@example.com', '--name', 'First', `--password=${PASSWORD}`])).code).toBe(0)
    const admin = await daybook(['user', 'create', '--email=boss@example.com', '--name=Boss', '--admin'], { stdin: `${PASSWORD}\nignored line\n` })
    expect(admin.code).toBe(0)
    const user = await daybook(['user', 'create', '--name', 'Plain', '--email', 'plain@example.com'], { stdin: PASSWORD })
    expect(user.code).toBe(0)
    expect((await login('boss@example.com', PASSWORD)).body.data.user.role).toBe('admin')
    expect((await login('plain@example.com', PASSWORD)).body.data.user.role).toBe('user')
  })

  test('invalid input fails with exit code 1 and the validation messages', async () => {
    await server.request('POST', '/api/v1/auth/register', { body: { name: 'Ada', email: 'ada@example.com', password: PASSWORD, password_confirmation: PASSWORD } })
    const taken = await daybook(['user', 'create', '--email', 'ADA@example.com', '--name', 'Other', '--password', PASSWORD])
    expect(taken.code).toBe(1)
    expect(taken.stderr.trim()).toBe('email: The email has already been taken.')
    const bad = await daybook(['user', 'create', '--email', 'nope', '--name', 'x'.repeat(256), '--password', PASSWORD])
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim().split('\n')).toEqual([
      'name: The name field must not be greater than 255 characters.',
      'email: The email field must be a valid email address.',
    ])
    const short = await daybook(['user', 'create', '--email', 'new@example.com', '--name', 'New'], { stdin: 'too short\n' })
    expect(short.code).toBe(1)
    expect(short.stderr.trim()).toBe('password: The password field must be at least 12 characters.')
    expect((await listRows()).length).toBe(2)
  })

  test('usage errors exit with code 2', async () => {
    for (const args of [
      ['user'], ['user', 'frobnicate'], ['user', 'create', '--email', 'a@example.com'], ['user', 'create', '--name', 'A', '--email'],
      ['user', 'create', '--email', 'a@example.com', '--name', 'A', '--colour', 'red'], ['user', 'verify'], ['user', 'list', 'extra'],
      ['user', 'set-password'],
    ]) {
      const r = await daybook(args)
      expect({ args, code: r.code }).toEqual({ args, code: 2 })
      expect(r.stderr).toContain('usage')
    }
  })
})

describe('daybook user verify / set-password / list', () => {
  test('verify marks a registered account verified so it can sign in', async () => {
    await server.request('POST', '/api/v1/auth/register', { body: { name: 'Ada', email: 'ada@example.com', password: PASSWORD, password_confirmation: PASSWORD } })
    expect((await login('ada@example.com', PASSWORD)).body.code).toBe('email_not_verified')
    const r = await daybook(['user', 'verify', 'ADA@example.com'])
    expect(r.code).toBe(0)
    expect((await login('ada@example.com', PASSWORD)).status).toBe(200)
    expect((await daybook(['user', 'verify', 'ada@example.com'])).code).toBe(0)
    const unknown = await daybook(['user', 'verify', 'nobody@example.com'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('nobody@example.com')
  })

  test('set-password replaces the password, ends every session and kills a pending reset link', async () => {
    expect((await daybook(['user', 'create', '--email', 'ada@example.com', '--name', 'Ada', '--password', PASSWORD])).code).toBe(0)
    const session = await login('ada@example.com', PASSWORD)
    const token = session.body.data.token as string
    await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'ada@example.com' } })
    const resetRows = () => server.deps.db.$client.query('SELECT COUNT(*) AS n FROM password_reset_tokens').get() as { n: number }
    expect(resetRows().n).toBe(1)

    const r = await daybook(['user', 'set-password', 'ada@example.com'], { stdin: 'the replacement passphrase\n' })
    expect(r.code).toBe(0)
    expect((await server.request('GET', '/api/v1/auth/tokens', { token })).status).toBe(401)
    expect(resetRows().n).toBe(0)
    expect((await login('ada@example.com', PASSWORD)).status).toBe(401)
    expect((await login('ada@example.com', 'the replacement passphrase')).status).toBe(200)

    const short = await daybook(['user', 'set-password', 'ada@example.com', '--password', 'short'])
    expect(short.code).toBe(1)
    expect(short.stderr.trim()).toBe('password: The password field must be at least 12 characters.')
    expect((await daybook(['user', 'set-password', 'nobody@example.com', '--password', PASSWORD])).code).toBe(1)
  })

  test('set-password names an unknown account before it asks for a password', async () => {
    const r = await daybook(['user', 'set-password', 'nobody@example.com'])
    expect(r.code).toBe(1)
    expect(r.stderr.trim()).toBe('no account with the e-mail address nobody@example.com')
  })

  test('list prints a header and one tab-separated line per account, oldest first', async () => {
    expect(await listRows()).toEqual([['id', 'email', 'name', 'role', 'confirmed', 'created_at']])
    const a = (await daybook(['user', 'create', '--email', 'a@example.com', '--name', 'Alpha', '--password', PASSWORD])).stdout.trim()
    server.clock.set('2001-02-03T04:05:06.007Z')
    await server.request('POST', '/api/v1/auth/register', { body: { name: 'Beta Two', email: 'b@example.com', password: PASSWORD, password_confirmation: PASSWORD } })
    const rows = await listRows()
    expect(rows).toHaveLength(3)
    // The server's clock was set back, so the account it registered is the older one.
    expect(rows[1]!.slice(1)).toEqual(['b@example.com', 'Beta Two', 'user', 'no', '2001-02-03T04:05:06.007Z'])
    expect(rows[2]!.slice(0, 5)).toEqual([a, 'a@example.com', 'Alpha', 'super_admin', 'yes'])
    expect(rows[2]![5]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })
})
