import type { Config } from '../config'
import type { Db } from './db/client'
import type { Stores } from './db/stores'
import type { Clock } from './clock'
import type { Logger } from './logger'
import type { Mailer } from './mailer'
import type { TelegramClient } from './telegram'
import type { Authenticate } from './actor'

/** Everything services need, passed explicitly (docs/design.md §7, rule 2). */
export interface Deps {
  config: Config
  /** the 32-byte APP_KEY (from the environment or $DATA_DIR/app.key) */
  appKey: Buffer
  db: Db
  /** the features' data-access ports (docs/scaling.md): async, one implementation per engine */
  stores: Stores
  clock: Clock
  logger: Logger
  /** the bearer-token lookup (features/auth), for the request guard */
  authenticate: Authenticate
  mailer: Mailer
  /** the Bot API client; absent when TELEGRAM_BOT_TOKEN is unset (no bot, nothing sent) */
  telegram?: TelegramClient
  /** What the running bot learnt of itself from getMe: its user name, null until it started (and without a bot). */
  telegramBot: { username: string | null }
  /** the running export job loop (set by `serve` after it starts the loop); a new export wakes it */
  exportWorker?: { wake(): void }
}
