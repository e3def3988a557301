import { createApp } from './app'
import { loadConfig } from './config'
import { openRuntime } from './runtime'
import { startScheduler } from './lib/scheduler'
import { scheduledJobs } from './jobs'
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
  const app = createApp(deps)
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    // Our front door enforces the contract's body limits (413 with CORS); Bun's own cap sits above them.
    maxRequestBodySize: 64 * 1024 * 1024,
    fetch: (request, srv) => app.handle(request, srv.requestIP(request)?.address ?? '127.0.0.1'),
  })
  logger.info('daybook listening', { address: `http://${config.host}:${server.port}`, version: VERSION })
  const scheduler = startScheduler(scheduledJobs(deps), logger)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('shutting down', { signal })
    const drained = server.stop(false)
    await Promise.race([drained, Bun.sleep(DRAIN_MS)])
    server.stop(true)
    scheduler.stop()
    deps.db.$client.close()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
