import { createApp } from './app'
import { loadConfig } from './config'
import { openRuntime } from './runtime'
import { startScheduler } from './lib/scheduler'
import { scheduledJobs } from './jobs'
import { startBot } from './features/chatbot/bot'
import { recoverExports } from './features/export/recovery'
import { purgeExpiredChallenges } from './features/auth/passkey-challenges'
import { pruneExpiredDialogues } from './features/chatbot/dialogues'
import { startExportWorker } from './features/export/worker'
import { VERSION } from './version'

const DRAIN_MS = 10_000

/** `daybook serve`: the start-up and shutdown sequence of config.md §4. */
export async function serve(): Promise<void> {
  const config = loadConfig()
  const deps = openRuntime(config)
  const { logger } = deps
  if (!config.emailVerification && !config.smtp) {
    logger.warn('e-mail verification is off because SMTP_URL is not set; mails go to the outbox folder')
  }
  // Step 6, before the HTTP server accepts requests: interrupted exports back to pending, stale state gone.
  recoverExports(deps)
  purgeExpiredChallenges(deps)
  pruneExpiredDialogues(deps)
  const app = createApp(deps)
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    // Our front door enforces the contract's body limits (413 with CORS); Bun's own cap sits above them.
    maxRequestBodySize: 64 * 1024 * 1024,
    fetch: (request, srv) => app.handle(request, srv.requestIP(request)?.address ?? '127.0.0.1'),
  })
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
    // A running export goes back to pending and its partial file is deleted.
    await exportWorker.stop()
    deps.db.$client.close()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
