/** Local retention: the newest BACKUP_KEEP archives in BACKUP_DIR stay, older ones are deleted. */
import { rm } from 'node:fs/promises'
import type { Deps } from '../../lib/deps'
import { backupPath, listLocalBackups } from './paths'

/** Deletes all but the newest `config.backupKeep` archives; returns the names deleted. */
export async function applyRetention(deps: Pick<Deps, 'config' | 'logger'>): Promise<string[]> {
  const local = await listLocalBackups(deps.config)
  const doomed = local.slice(0, Math.max(0, local.length - deps.config.backupKeep)).map((b) => b.name)
  for (const name of doomed) await rm(backupPath(deps.config, name), { force: true })
  if (doomed.length > 0) deps.logger.info('backup retention deleted old archives', { keep: deps.config.backupKeep, deleted: doomed })
  return doomed
}
