// The one place that reads the environment: parsed once into a typed, validated Config.
import { join, resolve } from 'node:path'
import { Cron } from 'croner'
import { cronZone } from './lib/cron-zone'
import { DEFAULT_PASSWORD_HASH_MEMORY_KIB } from './lib/passwords'
import { parseS3Url, type S3Target } from './config-s3-url'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type TrustProxy = false | number

export interface SmtpConfig { url: string }
export interface TelegramConfig { token: string; apiUrl: string }

export interface Config {
  port: number
  host: string
  dataDir: string
  databasePath: string
  publicUrl: string
  frontendUrl: string
  /** 32-byte key from APP_KEY, or undefined when it must be loaded from / generated in $DATA_DIR/app.key */
  appKey?: Buffer
  defaultTimezone: string
  registrationOpen: boolean
  /** INSTANCE_NAME: what the server calls itself (GET /api/v1/instance, the passkey prompt) */
  instanceName: string
  emailVerification: boolean
  smtp?: SmtpConfig
  mailFrom: string
  telegram?: TelegramConfig
  webauthn: { rpId: string; rpName: string; origins: string[] }
  corsOrigins: '*' | string[]
  trustProxy: TrustProxy
  tokenTtlWebDays: number
  tokenTtlAppDays: number
  exportTtlHours: number
  clipboardRetentionHours: number
  fetchAllowPrivate: boolean
  /** NOTIFY_ALLOW_PRIVATE: ntfy and webhook channels may reach private/loopback addresses (a LAN ntfy server) */
  notifyAllowPrivate: boolean
  /**
   * The weather (docs/api/weather.md): Open-Meteo's forecast (WEATHER_API_URL) and geocoding (GEOCODING_API_URL) base
   * URLs, each undefined when set to `off`; WEATHER_ALLOW_PRIVATE lets them be private/loopback addresses (a LAN mirror)
   */
  weather: { forecastUrl?: string; geocodingUrl?: string; allowPrivate: boolean }
  /** argon2id memory cost in KiB (PASSWORD_HASH_MEMORY_KIB, default 19 MiB; tests use the 1 MiB floor) */
  passwordHashMemoryKib: number
  /** BACKUP_S3_URL: where every backup is also copied (unset: no off-site copy) */
  backupS3?: S3Target
  logLevel: LogLevel
  logFormat: 'json' | 'pretty'
  /** where full backups are written and kept (BACKUP_DIR, default $DATA_DIR/backups) */
  backupDir: string
  /** how many backups retention keeps, newest first (BACKUP_KEEP) */
  backupKeep: number
  /** the backup schedule (BACKUP_SCHEDULE, read in DEFAULT_TIMEZONE); undefined with BACKUP_SCHEDULE=off */
  backupSchedule?: { pattern: string; timezone: string }
  /** CHECK_RESPONSES: check every answer against its route's declared schema (the test suite; off in production) */
  checkResponses: boolean
}

/** A bad configuration value; main prints `message` and exits with code 2. */
export class ConfigError extends Error {}

/** Bad command-line usage; exit code 2. */
export class UsageError extends Error {}

type Env = Record<string, string | undefined>

function fail(name: string, why: string): never {
  throw new ConfigError(`Invalid configuration: ${name} ${why}`)
}

function str(env: Env, name: string): string | undefined {
  const v = env[name]?.trim()
  return v === undefined || v === '' ? undefined : v
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const v = str(env, name)
  if (v === undefined) return fallback
  const lower = v.toLowerCase()
  if (['true', '1', 'yes'].includes(lower)) return true
  if (['false', '0', 'no'].includes(lower)) return false
  return fail(name, `must be true, false, 1, 0, yes or no (got "${v}")`)
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = str(env, name)
  if (v === undefined) return fallback
  if (!/^[0-9]+$/.test(v) || Number(v) < min || Number(v) > max) fail(name, `must be an integer from ${min} to ${max} (got "${v}")`)
  return Number(v)
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const v = str(env, name) ?? fallback
  let url: URL
  try { url = new URL(v) } catch { return fail(name, `must be an http(s) URL (got "${v}")`) }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(name, `must be an http(s) URL (got "${v}")`)
  return v.replace(/\/+$/, '')
}

/** A base URL of an outside service, or undefined when set to `off` (the service is not used). */
function serviceUrl(env: Env, name: string, fallback: string): string | undefined {
  return str(env, name)?.toLowerCase() === 'off' ? undefined : httpUrl(env, name, fallback)
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const v = str(env, name)
  if (v === undefined) return fallback
  if (!allowed.includes(v as T)) fail(name, `must be one of ${allowed.join(', ')} (got "${v}")`)
  return v as T
}

/**
 * IANA names only: offsets such as "+02:00" are refused (docs/api/users.md §6.1). UTC is answered without Intl,
 * whose first time-zone formatter loads about 5 MB of ICU data: a server on the defaults keeps it out until a
 * request needs it.
 */
export function isValidTimezone(value: string): boolean {
  if (value === 'UTC') return true
  if (/^[+\-0-9]/.test(value)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export function parseAppKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex')
  if (value.startsWith('base64:')) {
    const buf = Buffer.from(value.slice(7), 'base64')
    if (buf.length === 32) return buf
  }
  return undefined
}

/** BACKUP_S3_URL holds a secret key: its value is never repeated in the message. */
function backupS3(env: Env): S3Target | undefined {
  const v = str(env, 'BACKUP_S3_URL')
  if (v === undefined) return undefined
  try {
    return parseS3Url(v)
  } catch (err) {
    return fail('BACKUP_S3_URL', (err as Error).message)
  }
}

function trustProxy(env: Env): TrustProxy {
  const v = str(env, 'TRUST_PROXY')
  if (v === undefined) return false
  const lower = v.toLowerCase()
  if (['false', '0', 'no'].includes(lower)) return false
  if (['true', 'yes'].includes(lower)) return 1
  if (/^[0-9]+$/.test(v) && Number(v) >= 1 && Number(v) <= 100) return Number(v)
  return fail('TRUST_PROXY', `must be false, true or a hop count from 1 to 100 (got "${v}")`)
}

function origins(name: string, list: string): string[] {
  return list.split(',').map((o) => o.trim()).filter(Boolean).map((o) => {
    try {
      const u = new URL(o)
      if (u.origin === 'null') throw new Error()
      return u.origin
    } catch {
      return fail(name, `must be a comma-separated list of origins (got "${o}")`)
    }
  })
}

/**
 * JavaScriptCore options of `serve`, for a small footprint on a Pi (applied by src/lib/jsc-options.ts).
 *
 * Start-up (Elysia, TypeBox and drizzle building ~150 routes, their schemas and tables) runs a few library
 * functions over a thousand times: at JSC's default DFG threshold (1,000 executions) ~50 of them were compiled
 * by the optimising DFG JIT, whose touched code and memory stayed resident, about 5 MB of the idle RSS (README,
 * Performance). Twenty times the default keeps start-up out of DFG; under load a request's functions reach it
 * within seconds. (Raising the baseline JIT's threshold as well saved only 0.6 MB more.)
 *
 * Under load the generational collector let the old generation fill with what requests left behind until a
 * full collection: after an eden collection JSC schedules a full one only when less than a third of the heap
 * budget remains (`minEdenToOldGenerationRatio` 1/3). At 0.5 the full collections come earlier: the 20-user
 * load benchmark's level fell from 124 to 104 MB (median RSS, 60 s runs). 0.7 reached 94 MB but cost the
 * 64-writer benchmarks a fifth of their throughput (0.68-0.72 of the baseline against 0.81-0.88 at 0.5);
 * turning the generational collector off (93 MB) cost a fifth of the mixed load's throughput.
 */
export const SERVE_JSC_OPTIONS: Record<string, string> = {
  BUN_JSC_thresholdForOptimizeAfterWarmUp: '20000',
  BUN_JSC_minEdenToOldGenerationRatio: '0.5',
}

/**
 * The whole environment for `serve` to re-execute with when it lacks one of SERVE_JSC_OPTIONS (an operator's own
 * value is kept); undefined when nothing is missing.
 */
export function serveEnvironment(env: Env = process.env): Env | undefined {
  const missing = Object.entries(SERVE_JSC_OPTIONS).filter(([name]) => env[name] === undefined)
  return missing.length === 0 ? undefined : { ...env, ...Object.fromEntries(missing) }
}

/** BACKUP_SCHEDULE: a cron pattern croner accepts (5 or 6 fields), or `off`; default daily at 03:00. */
function backupSchedule(env: Env, timezone: string): Config['backupSchedule'] {
  const v = str(env, 'BACKUP_SCHEDULE') ?? '0 3 * * *'
  if (v.toLowerCase() === 'off') return undefined
  try {
    new Cron(v, { ...cronZone(timezone), paused: true }).stop()
  } catch {
    return fail('BACKUP_SCHEDULE', `must be a cron pattern such as "0 3 * * *" or off (got "${v}")`)
  }
  return { pattern: v, timezone }
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = int(env, 'PORT', 3000, 1, 65535)
  const dataDir = resolve(cwd, str(env, 'DATA_DIR') ?? './data')
  const publicUrl = httpUrl(env, 'PUBLIC_URL', `http://localhost:${port}`)
  const frontendUrl = httpUrl(env, 'FRONTEND_URL', publicUrl)
  const appKeyText = str(env, 'APP_KEY')
  const appKey = appKeyText === undefined ? undefined : parseAppKey(appKeyText)
  if (appKeyText !== undefined && !appKey) fail('APP_KEY', 'must be 64 hex characters or base64: followed by 32 bytes')
  const defaultTimezone = str(env, 'DEFAULT_TIMEZONE') ?? 'UTC'
  if (!isValidTimezone(defaultTimezone)) fail('DEFAULT_TIMEZONE', `must be a valid IANA timezone (got "${defaultTimezone}")`)
  const instanceName = str(env, 'INSTANCE_NAME') ?? 'daybook'
  if (instanceName.length > 100) fail('INSTANCE_NAME', 'must be at most 100 characters')
  const smtpUrl = str(env, 'SMTP_URL')
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) fail('SMTP_URL', 'must start with smtp:// or smtps://')
  const telegramToken = str(env, 'TELEGRAM_BOT_TOKEN')
  const telegramApiUrl = httpUrl(env, 'TELEGRAM_API_URL', 'https://api.telegram.org')
  const cors = str(env, 'CORS_ORIGINS') ?? '*'
  const frontend = new URL(frontendUrl)
  return {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databasePath: resolve(cwd, str(env, 'DATABASE_PATH') ?? join(dataDir, 'daybook.db')),
    publicUrl,
    frontendUrl,
    appKey,
    defaultTimezone,
    registrationOpen: bool(env, 'REGISTRATION_OPEN', true),
    instanceName,
    emailVerification: bool(env, 'EMAIL_VERIFICATION', smtpUrl !== undefined),
    smtp: smtpUrl ? { url: smtpUrl } : undefined,
    mailFrom: str(env, 'MAIL_FROM') ?? `daybook <noreply@${new URL(publicUrl).hostname}>`,
    telegram: telegramToken ? { token: telegramToken, apiUrl: telegramApiUrl } : undefined,
    webauthn: {
      rpId: str(env, 'WEBAUTHN_RP_ID') ?? frontend.hostname,
      rpName: str(env, 'WEBAUTHN_RP_NAME') ?? instanceName,
      origins: origins('WEBAUTHN_ORIGINS', str(env, 'WEBAUTHN_ORIGINS') ?? frontend.origin),
    },
    corsOrigins: cors === '*' ? '*' : origins('CORS_ORIGINS', cors),
    trustProxy: trustProxy(env),
    tokenTtlWebDays: int(env, 'TOKEN_TTL_WEB_DAYS', 7, 2, 3650),
    tokenTtlAppDays: int(env, 'TOKEN_TTL_APP_DAYS', 90, 2, 3650),
    exportTtlHours: int(env, 'EXPORT_TTL_HOURS', 48, 1, 8760),
    clipboardRetentionHours: int(env, 'CLIPBOARD_RETENTION_HOURS', 0, 0, 876000),
    fetchAllowPrivate: bool(env, 'FETCH_ALLOW_PRIVATE', false),
    notifyAllowPrivate: bool(env, 'NOTIFY_ALLOW_PRIVATE', false),
    weather: {
      forecastUrl: serviceUrl(env, 'WEATHER_API_URL', 'https://api.open-meteo.com'),
      geocodingUrl: serviceUrl(env, 'GEOCODING_API_URL', 'https://geocoding-api.open-meteo.com'),
      allowPrivate: bool(env, 'WEATHER_ALLOW_PRIVATE', false),
    },
    // 19 MiB, OWASP's argon2id setting for small machines (src/lib/passwords.ts); hashes made at Bun's 64 MiB
    // default before are rehashed at their next sign-in. Tests run at the 1 MiB floor.
    passwordHashMemoryKib: int(env, 'PASSWORD_HASH_MEMORY_KIB', DEFAULT_PASSWORD_HASH_MEMORY_KIB, 1024, 1048576),
    backupS3: backupS3(env),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['debug', 'info', 'warn', 'error'] as const),
    logFormat: oneOf(env, 'LOG_FORMAT', 'json', ['json', 'pretty'] as const),
    backupDir: resolve(cwd, str(env, 'BACKUP_DIR') ?? join(dataDir, 'backups')),
    backupKeep: int(env, 'BACKUP_KEEP', 7, 1, 1000),
    backupSchedule: backupSchedule(env, defaultTimezone),
    checkResponses: bool(env, 'CHECK_RESPONSES', false),
  }
}
