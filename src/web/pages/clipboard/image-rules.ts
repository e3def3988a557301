/** docs/api/clipboard.md §4: what the server accepts, checked before uploading so the user hears it at once. */
import { ApiError } from '../../lib/api'

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
export const MAX_IMAGE_BYTES = 5_242_880
export const MAX_IMAGE_SIDE = 4096

export type Refusal = 'notImage' | 'tooHeavy' | 'tooBig' | 'noImage'

/** What the browser can tell before the upload; the server still checks the bytes themselves. */
export function checkFile(file: File): Refusal | undefined {
  if (file.size === 0) return 'noImage'
  // An unknown declared type is left to the server, which reads the magic bytes.
  if (file.type !== '' && !IMAGE_TYPES.includes(file.type)) return 'notImage'
  if (file.size > MAX_IMAGE_BYTES) return 'tooHeavy'
  return undefined
}

export const checkSize = (width: number, height: number): Refusal | undefined =>
  width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE ? 'tooBig' : undefined

/** The server's 422 for the `image` part (docs/api/clipboard.md §4) as one of our refusals. */
export function serverRefusal(error: unknown): Refusal | undefined {
  // The body limit of the server answers before the image is read at all.
  if (error instanceof ApiError && error.status === 413) return 'tooHeavy'
  const message = error instanceof ApiError ? error.field('image') : undefined
  if (!message) return undefined
  if (/must be an image/.test(message)) return 'notImage'
  if (/kilobytes/.test(message)) return 'tooHeavy'
  if (/dimensions/.test(message)) return 'tooBig'
  return 'noImage'
}
