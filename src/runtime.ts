/** Building the real dependencies from configuration: shared by `serve` and the CLI commands. */
import { loadConfig, type Config } from './config'
import { prepareDataDir } from './data-dir'
import { openDatabase } from './lib/db/client'
import { migrate } from './lib/db/migrate'
import { createLogger } from './lib/logger'
import { createMailer } from './lib/mailer'
import { systemClock } from './lib/clock'
import type { Deps } from './lib/deps'
import { createTelegramClient } from './lib/telegram'
import { authenticateToken } from './features/auth/tokens'
import { sqliteStores } from './stores'

/**
 * `logTo: 'stderr'` is for CLI commands, whose stdout is their answer (a new user id, the user list), so
 * start-up logs such as applied migrations must not mix into it.
 */
export function openRuntime(config: Config = loadConfig(), logTo: 'stdout' | 'stderr' = 'stdout'): Deps {
  const stream = logTo === 'stderr' ? process.stderr : process.stdout
  const logger = createLogger(config.logLevel, config.logFormat, (line) => stream.write(line + '\n'))
  const appKey = prepareDataDir(config)
  const db = openDatabase(config.databasePath)
  const applied = migrate(db.$client)
  if (applied.length > 0) logger.info('migrations applied', { migrations: applied })
  return assembleDeps({ config, appKey, db, clock: systemClock, logger })
}

/** The outside-world clients built from configuration; shared with the test app factory. */
export function assembleDeps(core: Pick<Deps, 'config' | 'appKey' | 'db' | 'clock' | 'logger'>): Deps {
  const { config, clock, logger } = core
  const telegram = config.telegram ? createTelegramClient({ ...config.telegram, logger }) : undefined
  const authenticate = (authorization: string | null) => authenticateToken(core, authorization)
  return { ...core, stores: sqliteStores(core.db), authenticate, mailer: createMailer(config, clock, logger), telegram, telegramBot: { username: null } }
}
