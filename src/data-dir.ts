// The data folder as daybook creates it: private modes, the folders it needs, the app key.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { ConfigError, parseAppKey, type Config } from './config'

/**
 * Modes of everything daybook creates under the data folder (and of backups): owner only, since the database,
 * mails and exports hold password hashes, tokens, reset links and users' data that other local accounts must not read.
 */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Start-up steps 2–3 of docs/configuration.md §4: the data folders and the app key (generated with mode 0600). */
export function prepareDataDir(config: Config): Buffer {
  for (const dir of [config.dataDir, join(config.dataDir, 'files/user'), join(config.dataDir, 'exports/tmp')]) {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  }
  if (!config.smtp) mkdirSync(join(config.dataDir, 'outbox'), { recursive: true, mode: PRIVATE_DIR_MODE })
  if (config.appKey) return config.appKey
  const keyFile = join(config.dataDir, 'app.key')
  if (existsSync(keyFile)) {
    const key = parseAppKey(readFileSync(keyFile, 'utf8').trim())
    if (!key) throw new ConfigError(`Invalid configuration: ${keyFile} does not hold a valid APP_KEY`)
    return key
  }
  const key = randomBytes(32)
  writeFileSync(keyFile, key.toString('hex') + '\n', { mode: PRIVATE_FILE_MODE })
  chmodSync(keyFile, PRIVATE_FILE_MODE)
  return key
}
