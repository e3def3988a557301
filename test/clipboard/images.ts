/**
 * Tiny but genuinely decodable images, built byte by byte, for the upload tests: PNG, GIF, baseline JPEG and
 * the three WebP variants (lossy VP8, lossless VP8L, extended VP8X). Sizes are parameters where the format
 * allows it cheaply, so the same builders give over-dimension images.
 */
import { deflateSync } from 'node:zlib'

export type Bytes = Uint8Array<ArrayBuffer>

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const ascii = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0))
const be16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff]
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff]
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff]
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]

export function concat(...parts: (Uint8Array | number[])[]): Bytes {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)))
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0))
  let at = 0
  for (const a of arrays) { out.set(a, at); at += a.length }
  return out
}

function pngChunk(type: string, data: Uint8Array): Bytes {
  const typed = concat(ascii(type), data)
  return concat(be32(data.length), typed, be32(crc32(typed)))
}

/** A grey-scale PNG of any size (all black; rows of zeros compress to almost nothing). */
export function png(width = 1, height = 1): Bytes {
  const ihdr = concat(be32(width), be32(height), [8, 0, 0, 0, 0]) // 8-bit grey, deflate, no filter, no interlace
  const raw = new Uint8Array(height * (width + 1)) // each row: filter byte 0, then the pixels
  return concat(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', new Uint8Array(deflateSync(raw))),
    pngChunk('IEND', new Uint8Array()),
  )
}

/** A GIF89a whose logical screen is width×height, holding one 1×1 image with a two-colour palette. */
export function gif(width = 1, height = 1): Bytes {
  return concat(
    ascii('GIF89a'), le16(width), le16(height), [0x80, 0x00, 0x00], // global palette of 2 colours
    [0xff, 0xff, 0xff, 0x00, 0x00, 0x00],
    [0x2c, ...le16(0), ...le16(0), ...le16(1), ...le16(1), 0x00], // image descriptor
    [0x02, 0x02, 0x44, 0x01, 0x00], // LZW: min code size 2, clear, index 0, end
    [0x3b],
  )
}

/**
 * A baseline grey-scale JPEG of any size. One Huffman code per table: DC "difference 0" and AC "end of block"
 * are both the 1-bit code 0, so every 8×8 block is two zero bits and the image is uniformly mid-grey.
 */
export function jpeg(width = 1, height = 1): Bytes {
  const segment = (marker: number, body: number[]) => [0xff, marker, ...be16(body.length + 2), ...body]
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8)
  const scanBits = blocks * 2
  const scan = new Uint8Array(Math.ceil(scanBits / 8))
  if (scanBits % 8) scan[scan.length - 1] = 0xff >>> (scanBits % 8) // pad the last byte with 1-bits
  const counts = (n: number) => [1, ...new Array(15).fill(0)].map((c, i) => (i === 0 ? n : c))
  return concat(
    [0xff, 0xd8],
    segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, [0x00, ...new Array(64).fill(1)]), // quantisation table 0
    segment(0xc0, [8, ...be16(height), ...be16(width), 1, 1, 0x11, 0]), // SOF0, one component
    segment(0xc4, [0x00, ...counts(1), 0x00]), // DC table 0: one 1-bit code for category 0
    segment(0xc4, [0x10, ...counts(1), 0x00]), // AC table 0: one 1-bit code for end of block
    segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    scan,
    [0xff, 0xd9],
  )
}

function riffChunk(fourcc: string, data: Uint8Array): Bytes {
  return concat(ascii(fourcc), le32(data.length), data, data.length % 2 ? [0] : [])
}

function riffWebp(...chunks: Uint8Array[]): Bytes {
  const body = concat(ascii('WEBP'), ...chunks)
  return concat(ascii('RIFF'), le32(body.length), body)
}

/** A 1×1 lossy key frame (frame header, start code 9d 01 2a, 14-bit sizes, one macroblock of partition data). */
const VP8_1X1 = Uint8Array.from([
  0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a, 0x01, 0x00, 0x01, 0x00, 0x02, 0xc0,
  0x4c, 0x25, 0xa4, 0x00, 0x04, 0x74, 0x00, 0x00, 0xe4, 0x40, 0x00, 0x00,
])

/**
 * A lossless bitstream of any size: signature 0x2f, 14-bit width-1 and height-1, then no transform, no colour
 * cache, no meta codes, and five "simple" prefix codes of one symbol each, so the pixels take zero bits.
 */
function vp8lPayload(width: number, height: number): Bytes {
  const bits: number[] = []
  const put = (value: number, count: number) => { for (let i = 0; i < count; i++) bits.push((value >>> i) & 1) }
  put(width - 1, 14); put(height - 1, 14); put(1, 1); put(0, 3) // alpha used, version 0
  put(0, 1); put(0, 1); put(0, 1) // transform, colour cache, meta prefix codes
  for (let code = 0; code < 5; code++) { put(1, 1); put(0, 1); put(0, 1); put(0, 1) } // simple, 1 symbol, 1-bit symbol 0
  const out = new Uint8Array(1 + Math.ceil(bits.length / 8))
  out[0] = 0x2f
  bits.forEach((b, i) => { out[1 + (i >> 3)]! |= b << (i & 7) })
  return out
}

export function webpLossy(): Bytes {
  return riffWebp(riffChunk('VP8 ', VP8_1X1))
}

export function webpLossless(width = 1, height = 1): Bytes {
  return riffWebp(riffChunk('VP8L', vp8lPayload(width, height)))
}

/** The extended format: a VP8X header (alpha flag, canvas size) followed by the lossless image. */
export function webpExtended(width = 1, height = 1): Bytes {
  const vp8x = concat([0x10, 0, 0, 0], le24(width - 1), le24(height - 1))
  return riffWebp(riffChunk('VP8X', vp8x), riffChunk('VP8L', vp8lPayload(width, height)))
}

/** `image` padded with trailing bytes to `size` (decoders ignore data after the end of the image). */
export function padTo(image: Uint8Array, size: number): Bytes {
  const out = new Uint8Array(size)
  out.set(image)
  return out
}

/** A multipart form with `image` as a file part named `name` with a declared type. */
export function imageForm(bytes: Bytes, name = 'upload.bin', type = 'application/octet-stream'): FormData {
  const form = new FormData()
  form.append('image', new File([bytes], name, { type }))
  return form
}
