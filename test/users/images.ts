/** Real tiny images built byte by byte, so uploads are tested with files a browser would send. */
import { deflateSync } from 'node:zlib'

function crc32(bytes: Uint8Array): number {
  let c = ~0
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) { out.set(p, at); at += p.length }
  return out
}

/** A valid RGB PNG of the given size (all pixels one colour). */
export function png(width = 2, height = 1): Uint8Array<ArrayBuffer> {
  const ihdr = new Uint8Array(13)
  const v = new DataView(ihdr.buffer)
  v.setUint32(0, width)
  v.setUint32(4, height)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour, deflate, no filter, no interlace
  const row = [0, ...Array.from({ length: width }, () => [200, 30, 90]).flat()]
  const raw = new Uint8Array(Array.from({ length: height }, () => row).flat())
  return concat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array()))
}

/** A baseline JPEG header: SOI, APP0 (JFIF), SOF0 with the given size, EOI. Enough to be sniffed as JPEG. */
export function jpeg(width = 3, height = 2): Uint8Array<ArrayBuffer> {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03,
    0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9])
}

/** The bytes of `image` followed by zeros up to `size` bytes (still sniffed by its header). */
export function padded(image: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size)
  out.set(image)
  return out
}

export function form(parts: Record<string, { bytes: Uint8Array | string; name?: string; type?: string }>): FormData {
  const fd = new FormData()
  for (const [key, p] of Object.entries(parts)) {
    fd.append(key, new Blob([p.bytes as BlobPart], { type: p.type ?? 'application/octet-stream' }), p.name ?? 'upload.bin')
  }
  return fd
}
