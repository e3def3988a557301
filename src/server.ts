import { createApp, type App } from './app'
import type { Deps } from './lib/deps'
import { loadConfig } from './config'
import { openRuntime } from './runtime'
import { startScheduler } from './lib/scheduler'
import { startIdleMemory } from './lib/idle-memory'
import { startCheckpoints } from './lib/db/checkpoints'
import type { Clock } from './lib/clock'
import { errorFields } from './lib/logger'
import { errorBody } from './lib/http/envelope'
import { withAbsoluteUrl } from './lib/http/host'
import { scheduledJobs } from './jobs'
import { startBot } from './features/chatbot/bot'
import { recoverExports } from './features/export/recovery'
import { startImportWorker } from './features/import/worker'
import { purgeExpiredChallenges } from './features/auth/passkey-challenges'
import { pruneExpiredDialogues } from './features/chatbot/dialogues'
import { startExportWorker } from './features/export/worker'
import { VERSION } from './version'
import { mkdirSync } from 'node:fs'
import { PRIVATE_DIR_MODE } from './data-dir'
import { acquireLockFile } from './lib/lock-file'
import { serveLockPath } from './features/backups/paths'
import { recoverBackupRuns } from './features/backups/recovery'
import { stopBackups } from './features/backups/background'

const DRAIN_MS = 10_000

/** The contract's 500 (docs/api/conventions.md §3.3): nothing about the failure reaches the client. */
function internalErrorResponse(clock: Clock): Response {
  const body = errorBody(clock, 'internal_error', 'An unexpected error occurred.')
  return new Response(JSON.stringify(body), { status: 500, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
}

/**
 * The Bun.serve options of `daybook serve`; exported so tests drive the exact production wiring. `onRequest`
 * sees every request first (the idle-memory shrinker's activity mark).
 */
export function serveOptions(deps: Pick<Deps, 'config' | 'clock' | 'logger'>, app: Pick<App, 'handle'>, onRequest: () => void = () => {}) {
  const origin = new URL(deps.config.publicUrl).origin
  return {
    port: deps.config.port,
    hostname: deps.config.host,
    // The app's parse hook enforces the contract's body limits (413 with CORS); Bun's own cap sits above them.
    maxRequestBodySize: 64 * 1024 * 1024,
    // Bun's development mode answers an uncaught error with a page of source lines and the working directory.
    development: false,
    // The peer address is read from the request Bun handed us: a rebuilt Request has none.
    fetch: (request, srv) => {
      onRequest()
      return app.handle(withAbsoluteUrl(request, origin), srv.requestIP(request)?.address ?? '127.0.0.1')
    },
    // Only what escaped the app's own error handling ends up here.
    error: (err) => {
      deps.logger.error('unhandled error in the HTTP server', errorFields(err))
      return internalErrorResponse(deps.clock)
    },
  } satisfies Bun.Serve.Options<undefined>
}

/** `daybook serve`: the start-up and shutdown sequence of docs/configuration.md §4. */
export async function serve(): Promise<void> {
  const config = loadConfig()
  // One server per data folder, and none while `daybook restore` replaces it: the pid lock, taken before the
  // database is opened (a stale lock of a process that is gone is taken over).
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const serveLock = acquireLockFile(serveLockPath(config.dataDir))
  if (!serveLock.ok) throw new Error(`another daybook process (pid ${serveLock.pid}) is using ${config.dataDir}; stop it first`)
  const deps = openRuntime(config)
  const { logger } = deps
  if (!config.emailVerification && !config.smtp) {
    logger.warn('e-mail verification is off because SMTP_URL is not set; mails go to the outbox folder')
  }
  // Step 6, before the HTTP server accepts requests: interrupted exports back to pending, stale state gone.
  recoverExports(deps)
  recoverBackupRuns(deps)
  await startImportWorker(deps) // interrupted imports undone and back to pending (before the server listens), then the import loop
  purgeExpiredChallenges(deps)
  pruneExpiredDialogues(deps)
  const idleMemory = startIdleMemory(deps)
  const checkpoints = startCheckpoints(deps)
  const server = Bun.serve(serveOptions(deps, createApp(deps), idleMemory.touch))
  logger.info('daybook listening', { address: `http://${config.host}:${server.port}`, version: VERSION })
  const exportWorker = startExportWorker(deps) // step 8
  deps.exportWorker = exportWorker
  const scheduler = startScheduler(scheduledJobs(deps), logger)
  const bot = startBot(deps)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('shutting down', { signal })
    const drained = server.stop(false)
    await Promise.race([drained, Bun.sleep(DRAIN_MS)])
    server.stop(true)
    await bot?.stop()
    scheduler.stop()
    idleMemory.stop()
    // A running export goes back to pending and its partial file is deleted.
    await exportWorker.stop()
    // A running backup stops at its next file, is recorded as failed and its part files are deleted.
    await stopBackups(deps)
    // The last connection to close checkpoints the WAL and removes it: the checkpoint thread's goes first.
    await checkpoints.stop()
    deps.db.$client.close()
    serveLock.lock.release()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
