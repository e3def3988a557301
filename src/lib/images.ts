/**
 * Image type and size decided by the file's bytes, never by its name or declared type (docs/api/clipboard.md §4):
 * JPEG, PNG, GIF and WebP, with width and height read from the header. Anything unreadable is not an image.
 */
import type { ImageExt } from './files'

export interface ImageInfo { mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'; ext: ImageExt; width: number; height: number }

const ascii = (b: Uint8Array, at: number, s: string) => [...s].every((c, i) => b[at + i] === c.charCodeAt(0))
const be16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const le16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const le24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)
const be32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!

function jpegSize(b: Uint8Array): [number, number] | undefined {
  let i = 2
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined
    const marker = b[i + 1]!
    if (marker === 0xff) { i += 1; continue } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { i += 2; continue }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [be16(b, i + 7), be16(b, i + 5)]
    }
    if (marker === 0xd9 || marker === 0xda) return undefined // end of image or start of scan before any SOF
    i += 2 + be16(b, i + 2)
  }
  return undefined
}

function webpSize(b: Uint8Array): [number, number] | undefined {
  // Each variant needs only the bytes its header uses: a minimal lossless file is 28 bytes long.
  if (b.length >= 30 && ascii(b, 12, 'VP8 ')) {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined
    return [le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff]
  }
  if (b.length >= 25 && ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return undefined
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1]
  }
  if (b.length >= 30 && ascii(b, 12, 'VP8X')) return [le24(b, 24) + 1, le24(b, 27) + 1]
  return undefined
}

export function detectImage(b: Uint8Array): ImageInfo | undefined {
  let found: [ImageInfo['mime'], ImageExt, [number, number] | undefined] | undefined
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) found = ['image/jpeg', 'jpg', jpegSize(b)]
  else if (b.length >= 24 && ascii(b, 0, '\x89PNG\r\n\x1a\n')) found = ['image/png', 'png', [be32(b, 16), be32(b, 20)]]
  else if (b.length >= 10 && (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'))) found = ['image/gif', 'gif', [le16(b, 6), le16(b, 8)]]
  else if (b.length >= 12 && ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) found = ['image/webp', 'webp', webpSize(b)]
  if (!found || !found[2]) return undefined
  const [mime, ext, [width, height]] = found as [ImageInfo['mime'], ImageExt, [number, number]]
  if (width <= 0 || height <= 0) return undefined
  return { mime, ext, width, height }
}

export const MIME_BY_EXT: Record<ImageExt, ImageInfo['mime']> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' }
