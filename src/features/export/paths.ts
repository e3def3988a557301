/** Export archives live in `exports/{user_id}/export_{id}.zip`, parts in `exports/tmp/` (docs/configuration.md §2). */
import { join } from 'node:path'
import { rm } from 'node:fs/promises'

export function exportsRoot(dataDir: string): string {
  return join(dataDir, 'exports')
}

export function exportsTmpDir(dataDir: string): string {
  return join(exportsRoot(dataDir), 'tmp')
}

export function partFileName(jobId: number): string {
  return `export_${jobId}.zip.part`
}

export function partPath(dataDir: string, jobId: number): string {
  return join(exportsTmpDir(dataDir), partFileName(jobId))
}

/** `userId` always comes from the database (a UUID), never from a request. */
export function userExportsDir(dataDir: string, userId: string): string {
  return join(exportsRoot(dataDir), userId)
}

export function archivePath(dataDir: string, userId: string, jobId: number): string {
  return join(userExportsDir(dataDir, userId), `export_${jobId}.zip`)
}

/** Job id of a part file name, or undefined for anything else in the tmp folder. */
export function jobIdOfPart(fileName: string): number | undefined {
  const m = /^export_([1-9][0-9]{0,15})\.zip\.part$/.exec(fileName)
  return m ? Number(m[1]) : undefined
}

/** Deletes every archive of a user (account deletion, docs/api/users.md §8.3). */
export async function deleteUserExports(dataDir: string, userId: string): Promise<void> {
  await rm(userExportsDir(dataDir, userId), { recursive: true, force: true })
}
