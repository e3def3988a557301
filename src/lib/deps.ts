import type { Config } from '../config'
import type { Db } from './db/client'
import type { Clock } from './clock'
import type { Logger } from './logger'
import type { Mailer } from './mailer'

/** Everything services need, passed explicitly (design.md rule 2). */
export interface Deps {
  config: Config
  /** the 32-byte APP_KEY (from the environment or $DATA_DIR/app.key) */
  appKey: Buffer
  db: Db
  clock: Clock
  logger: Logger
  mailer: Mailer
}
