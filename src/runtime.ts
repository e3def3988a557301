/** Building the real dependencies from configuration: shared by `serve` and the CLI commands. */
import { loadConfig, prepareDataDir, type Config } from './config'
import { openDatabase } from './lib/db/client'
import { migrate } from './lib/db/migrate'
import { createLogger } from './lib/logger'
import { createMailer } from './lib/mailer'
import { systemClock } from './lib/clock'
import type { Deps } from './lib/deps'

export function openRuntime(config: Config = loadConfig()): Deps {
  const logger = createLogger(config.logLevel, config.logFormat)
  const appKey = prepareDataDir(config)
  const db = openDatabase(config.databasePath)
  const applied = migrate(db.$client)
  if (applied.length > 0) logger.info('migrations applied', { migrations: applied })
  return { config, appKey, db, clock: systemClock, logger, mailer: createMailer(config, systemClock, logger) }
}
