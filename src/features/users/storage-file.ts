import { lstat, realpath } from 'node:fs/promises'
import { join } from 'node:path'
import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import { userFilesRoot, type ImageExt } from '../../lib/files'
import { MIME_BY_EXT } from '../../lib/images'

/** conventions.md §13: `{user_id}/(profile|clipboard)/{32 lowercase hex}.{ext}` and nothing else. */
const PUBLIC_PATH_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(?:profile|clipboard)\/[0-9a-f]{32}\.(jpg|png|gif|webp)$/

export interface PublicFile { file: ReturnType<typeof Bun.file>; mime: string; size: number }

/**
 * The real path and size of the file at `relative`, only if it is a regular file whose real path is exactly the
 * one the URL names: a symlink anywhere below files/user (to the database, to another image, a linked user or
 * kind folder) changes the real path, and a FIFO, device or directory is not a regular file. The data folder
 * itself may sit behind a symlink. Bun opens the returned path again to send it; only the folder's owner could
 * swap a link in between, and Bun.file(fd) would never close the descriptor.
 */
async function regularFileAt(root: string, relative: string): Promise<{ path: string; size: number } | undefined> {
  const missing = () => undefined
  const realRoot = await realpath(root).catch(missing)
  const real = await realpath(join(root, relative)).catch(missing)
  if (realRoot === undefined || real !== join(realRoot, relative)) return undefined
  const stats = await lstat(real).catch(missing)
  return stats?.isFile() ? { path: real, size: stats.size } : undefined
}

/** A public user file by its path below /storage/user/, or 404 for malformed paths and missing files. */
export async function openPublicFile(deps: Pick<Deps, 'config'>, path: string): Promise<PublicFile> {
  const match = PUBLIC_PATH_RE.exec(path)
  if (!match) throw new NotFoundError()
  const found = await regularFileAt(userFilesRoot(deps.config.dataDir), path)
  if (!found) throw new NotFoundError()
  return { file: Bun.file(found.path), mime: MIME_BY_EXT[match[1] as ImageExt], size: found.size }
}
