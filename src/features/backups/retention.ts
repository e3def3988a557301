/** Local retention: the newest BACKUP_KEEP archives in BACKUP_DIR stay, older ones are deleted. */
import { rm } from 'node:fs/promises'
import type { Deps } from '../../lib/deps'
import { backupPath, listLocalBackups } from './paths'

/**
 * Deletes all but the newest `config.backupKeep` archives; returns the names deleted. `justMade` is always among
 * those kept, wherever its name sorts (a clock set back gives it an older name): a run never deletes its own archive.
 */
export async function applyRetention(deps: Pick<Deps, 'config' | 'logger'>, justMade?: string): Promise<string[]> {
  const local = await listLocalBackups(deps.config)
  const others = local.filter((b) => b.name !== justMade)
  const room = deps.config.backupKeep - (others.length < local.length ? 1 : 0)
  const doomed = others.slice(0, Math.max(0, others.length - room)).map((b) => b.name)
  for (const name of doomed) await rm(backupPath(deps.config, name), { force: true })
  if (doomed.length > 0) deps.logger.info('backup retention deleted old archives', { keep: deps.config.backupKeep, deleted: doomed })
  return doomed
}
