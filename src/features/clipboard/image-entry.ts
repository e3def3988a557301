import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { NotFoundError, fieldError } from '../../lib/errors'
import { detectImage, type ImageInfo } from '../../lib/images'
import { deleteUserFile, regularUserFile, storeUserFile } from '../../lib/files'
import { findOwnEntry } from './find-entry'
import { presentClipboardEntry, type ClipboardEntry } from './present'
import { ImageUploadBody, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from './model'

/**
 * The rules of docs/api/clipboard.md §4, in order: a file (declared in the model), then what its bytes are. The
 * declared content type and file name are never looked at.
 */
async function checkImage(body: Unchecked<typeof ImageUploadBody>): Promise<{ bytes: Uint8Array; info: ImageInfo }> {
  const { image } = ImageUploadBody.validate(body)
  const bytes = new Uint8Array(await image.arrayBuffer())
  return { bytes, info: checkImageBytes(bytes) }
}

/** What an image entry's bytes must be (docs/api/clipboard.md §4); also applied to the images of an imported export. */
export function checkImageBytes(bytes: Uint8Array, field = 'image'): ImageInfo {
  const info = detectImage(bytes)
  if (!info) throw fieldError(field, `The ${field} field must be an image.`)
  if (bytes.length > MAX_IMAGE_BYTES) throw fieldError(field, `The ${field} field must not be greater than ${MAX_IMAGE_BYTES / 1024} kilobytes.`)
  if (info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE) throw fieldError(field, `The ${field} field has invalid image dimensions.`)
  return info
}

/** POST /v1/clipboard/image — `body` holds the multipart fields; `image` is a file, a plain string or nothing. */
export async function addImageEntry(deps: Pick<Deps, 'stores' | 'clock' | 'config'>, actor: Actor, body: Unchecked<typeof ImageUploadBody>): Promise<ClipboardEntry> {
  const { bytes, info } = await checkImage(body)
  const userId = actor.user.id
  const filePath = await storeUserFile(deps.config.dataDir, userId, 'clipboard', info.ext, bytes)
  const now = deps.clock.now()
  try {
    const row = await deps.stores.clipboard.createImage(userId, { filePath, mimeType: info.mime, sizeBytes: bytes.length }, now)
    return presentClipboardEntry(deps, row)
  } catch (err) {
    // No row points at the file, so nothing would ever delete it.
    await deleteUserFile(deps.config.dataDir, filePath)
    throw err
  }
}

export interface ClipboardImage {
  file: Blob
  size: number
  mimeType: string
  /** clipboard-{id}.{ext}, for Content-Disposition */
  fileName: string
}

/** GET /v1/clipboard/{id}/image — the stored bytes of one of the actor's image entries. */
export async function readClipboardImage(deps: Pick<Deps, 'stores' | 'config'>, actor: Actor, id: string): Promise<ClipboardImage> {
  const row = await findOwnEntry(deps, actor.user.id, id)
  if (row.type !== 'image' || !row.filePath || !row.mimeType) throw new NotFoundError('No image found.')
  // Only a regular file inside the files folder: a symlink planted there must not serve what it points to.
  const found = await regularUserFile(deps.config.dataDir, row.filePath)
  if (!found) throw new NotFoundError('No image found.')
  const ext = row.filePath.slice(row.filePath.lastIndexOf('.') + 1)
  return { file: Bun.file(found.path), size: found.size, mimeType: row.mimeType, fileName: `clipboard-${row.id}.${ext}` }
}
