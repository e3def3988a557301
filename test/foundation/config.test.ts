import { describe, expect, test } from 'bun:test'
import { mkdtempSync, statSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig } from '../../src/config'
import { prepareDataDir } from '../../src/data-dir'

const bad = (env: Record<string, string>, name: string) => {
  expect(() => loadConfig(env)).toThrow(ConfigError)
  try { loadConfig(env) } catch (e) { expect((e as Error).message).toContain(name) }
}

describe('configuration', () => {
  test('defaults need no environment', () => {
    const c = loadConfig({}, '/srv')
    expect(c.port).toBe(3000)
    expect(c.host).toBe('0.0.0.0')
    expect(c.dataDir).toBe('/srv/data')
    expect(c.databasePath).toBe('/srv/data/daybook.db')
    expect(c.publicUrl).toBe('http://localhost:3000')
    expect(c.frontendUrl).toBe('http://localhost:3000')
    expect(c.emailVerification).toBe(false)
    expect(c.registrationOpen).toBe(true)
    expect(c.corsOrigins).toBe('*')
    expect(c.trustProxy).toBe(false)
    expect(c.tokenTtlWebDays).toBe(7)
    expect(c.tokenTtlAppDays).toBe(90)
    expect(c.exportTtlHours).toBe(48)
    expect(c.passwordHashMemoryKib).toBe(19456)
    expect(c.webauthn).toEqual({ rpId: 'localhost', rpName: 'daybook', origins: ['http://localhost:3000'] })
    expect(c.mailFrom).toBe('daybook <noreply@localhost>')
    expect(c.smtp).toBeUndefined()
    expect(c.telegram).toBeUndefined()
  })

  test('PUBLIC_URL follows PORT and loses its trailing slash; FRONTEND_URL drives WebAuthn', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    const c = loadConfig({ PUBLIC_URL: 'https://api.example.com/', FRONTEND_URL: 'https://app.example.com:8443/' })
    expect(c.publicUrl).toBe('https://api.example.com')
    expect(c.webauthn.rpId).toBe('app.example.com')
    expect(c.webauthn.origins).toEqual(['https://app.example.com:8443'])
  })

  test('SMTP_URL turns e-mail verification on by default; booleans accept yes/no/1/0', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).emailVerification).toBe(true)
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25', EMAIL_VERIFICATION: 'no' }).emailVerification).toBe(false)
    expect(loadConfig({ REGISTRATION_OPEN: 'FALSE' }).registrationOpen).toBe(false)
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: '1' }).fetchAllowPrivate).toBe(true)
  })

  test('TRUST_PROXY parses false, true and hop counts', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3)
    bad({ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY')
    bad({ TRUST_PROXY: '-1' }, 'TRUST_PROXY')
  })

  test('invalid values name the variable', () => {
    bad({ PORT: 'abc' }, 'PORT')
    bad({ PORT: '70000' }, 'PORT')
    bad({ DEFAULT_TIMEZONE: 'Mars/Base' }, 'DEFAULT_TIMEZONE')
    bad({ DEFAULT_TIMEZONE: '+02:00' }, 'DEFAULT_TIMEZONE')
    bad({ REGISTRATION_OPEN: 'sometimes' }, 'REGISTRATION_OPEN')
    bad({ APP_KEY: 'short' }, 'APP_KEY')
    bad({ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL')
    bad({ TOKEN_TTL_WEB_DAYS: '1' }, 'TOKEN_TTL_WEB_DAYS')
    bad({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL')
    bad({ SMTP_URL: 'http://mail' }, 'SMTP_URL')
    bad({ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS')
    bad({ PASSWORD_HASH_MEMORY_KIB: '512' }, 'PASSWORD_HASH_MEMORY_KIB')
    bad({ PASSWORD_HASH_MEMORY_KIB: '64MiB' }, 'PASSWORD_HASH_MEMORY_KIB')
  })

  test('APP_KEY accepts hex and base64: forms', () => {
    expect(loadConfig({ APP_KEY: 'ab'.repeat(32) }).appKey?.length).toBe(32)
    expect(loadConfig({ APP_KEY: 'base64:' + Buffer.alloc(32, 7).toString('base64') }).appKey?.length).toBe(32)
  })

  test('app.key is generated once with mode 0600 and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'daybook-cfg-'))
    const config = loadConfig({ DATA_DIR: dir })
    const key = prepareDataDir(config)
    const file = join(dir, 'app.key')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8').trim()).toBe(key.toString('hex'))
    expect(prepareDataDir(config).equals(key)).toBe(true)
    for (const sub of ['files/user', 'exports/tmp', 'outbox']) expect(statSync(join(dir, sub)).isDirectory()).toBe(true)
  })
})
