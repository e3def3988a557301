/**
 * The off-site step after a backup is in place: with BACKUP_S3_URL set, upload it and apply retention there
 * (offsite.ts, Bun's S3 client). A failure does not undo the local backup: it is returned as the run's error
 * so the admin sees it (offsite.ts has already logged why).
 */
import type { Deps } from '../../lib/deps'
import { pruneOffsite, uploadBackup } from './offsite'

export async function copyOffsite(deps: Deps, path: string): Promise<string | undefined> {
  if (!deps.config.backupS3) return undefined
  try {
    await uploadBackup(deps, path)
    await pruneOffsite(deps, deps.config.backupKeep)
    return undefined
  } catch (err) {
    return `saved locally, but ${err instanceof Error ? err.message : String(err)}`
  }
}
