import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import { regularUserFile, type ImageExt } from '../../lib/files'
import { MIME_BY_EXT } from '../../lib/images'

/** docs/api/conventions.md §13: `{user_id}/(profile|clipboard)/{32 lowercase hex}.{ext}` and nothing else. */
const PUBLIC_PATH_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(?:profile|clipboard)\/[0-9a-f]{32}\.(jpg|png|gif|webp)$/

export interface PublicFile { file: ReturnType<typeof Bun.file>; mime: string; size: number }

// Bun.file(fd) would never close the descriptor, so the checked path is opened again to be sent.

/** A public user file by its path below /storage/user/, or 404 for malformed paths and missing files. */
export async function openPublicFile(deps: Pick<Deps, 'config'>, path: string): Promise<PublicFile> {
  const match = PUBLIC_PATH_RE.exec(path)
  if (!match) throw new NotFoundError()
  const found = await regularUserFile(deps.config.dataDir, path)
  if (!found) throw new NotFoundError()
  return { file: Bun.file(found.path), mime: MIME_BY_EXT[match[1] as ImageExt], size: found.size }
}
