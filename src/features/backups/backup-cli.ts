/** `daybook backup [FILE]` and `daybook restore FILE`. Answers go to stdout, logs to stderr. */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { UsageError, loadConfig, type Config } from '../../config'
import type { Deps } from '../../lib/deps'
import { createLogger } from '../../lib/logger'
import { runBackup } from './run-backup'
import { RestoreRefused, restoreBackup } from './restore'
import { BadBackupError } from './manifest'

export async function runBackupCommand(args: string[], open: () => Deps): Promise<number> {
  if (args.length > 1) throw new UsageError('usage: daybook backup [file]')
  const target = args[0] === undefined ? undefined : resolve(args[0])
  if (target && existsSync(target)) { console.error(`refusing to overwrite ${target}`); return 1 }
  const deps = open()
  try {
    const outcome = await runBackup(deps, { trigger: 'cli', target })
    if (outcome.status !== 'completed') { console.error(`backup ${outcome.status}: ${outcome.reason}`); return 1 }
    if (outcome.reason) console.error(outcome.reason)
    console.log(`backup written to ${outcome.path} (${outcome.size} bytes)`)
    return 0
  } finally {
    deps.db.$client.close()
  }
}

export async function runRestoreCommand(args: string[], config: Config = loadConfig()): Promise<number> {
  if (args.length !== 1) throw new UsageError('usage: daybook restore <file>')
  const logger = createLogger(config.logLevel, config.logFormat, (line) => process.stderr.write(line + '\n'))
  try {
    const result = await restoreBackup(config, resolve(args[0]!), logger)
    console.log(`restored ${resolve(args[0]!)} (made ${result.manifest.created_at} by daybook ${result.manifest.daybook_version}) into ${config.dataDir}`)
    if (result.aside) console.log(`the previous data is kept in ${result.aside}`)
    return 0
  } catch (err) {
    if (err instanceof BadBackupError) { console.error(`restore refused, nothing was changed: ${err.message}`); return 1 }
    if (err instanceof RestoreRefused) { console.error(`restore refused, nothing was changed: ${err.message}`); return 1 }
    throw err
  }
}
