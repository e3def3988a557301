/**
 * Hand-built ZIP archives for restore's hostile-input tests. A ZIP library writes honest archives only; these
 * entries declare whatever size the test says (ZIP64 when it needs 64 bits), and their data can be a deflate
 * stream of gigabytes of zeros built in a millisecond from one repeated, self-contained piece.
 */
import { createHash } from 'node:crypto'
import { constants, deflateRawSync } from 'node:zlib'

const MiB = 1024 * 1024
const MAX32 = 0xffffffff

export interface RawEntry {
  name: string
  method: 0 | 8
  /** the bytes as they are in the archive (compressed for method 8) */
  data: Uint8Array
  crc: number
  /** the uncompressed size the entry declares */
  size: number
}

/** An entry holding `bytes` as they are (stored), honestly declared. */
export function storedEntry(name: string, bytes: Uint8Array): RawEntry {
  return { name, method: 0, data: bytes, crc: Bun.hash.crc32(bytes), size: bytes.length }
}

/**
 * `mib` MiB of zeros as a raw deflate stream: one MiB deflated with a full flush (it refers to nothing before it,
 * so copies of it can follow each other) repeated, then an empty final block. About 1 KB per MiB.
 */
export function deflatedZeros(mib: number): Uint8Array {
  const piece = deflateRawSync(new Uint8Array(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  const out = new Uint8Array(piece.length * mib + 2)
  for (let i = 0; i < mib; i++) out.set(piece, i * piece.length)
  out.set(deflateRawSync(new Uint8Array(0)), piece.length * mib)
  return out
}

/** CRC-32 and SHA-256 of `mib` MiB of zeros, as an honest entry and manifest would declare them. */
export function zerosChecksums(mib: number): { crc: number; sha256: string } {
  const zeros = new Uint8Array(MiB)
  const hash = createHash('sha256')
  let crc = 0
  for (let i = 0; i < mib; i++) {
    crc = Bun.hash.crc32(zeros, crc)
    hash.update(zeros)
  }
  return { crc, sha256: hash.digest('hex') }
}

/**
 * A ZIP of `entries` in this order: local header and data each, the central directory, the end record. A size of
 * 4 GiB or more is declared through a ZIP64 extra field (APPNOTE 4.5.3), as the central directory is what
 * readers trust; the local header carries the sizes only as far as 32 bits take them.
 */
export function rawZip(entries: RawEntry[]): Uint8Array {
  const parts: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const e of entries) {
    const name = new TextEncoder().encode(e.name)
    const zip64 = e.size >= MAX32
    const local = new DataView(new ArrayBuffer(30))
    local.setUint32(0, 0x04034b50, true)
    local.setUint16(4, zip64 ? 45 : 20, true)
    local.setUint16(6, 0x0800, true)
    local.setUint16(8, e.method, true)
    local.setUint32(14, e.crc >>> 0, true)
    local.setUint32(18, e.data.length, true)
    local.setUint32(22, Math.min(e.size, MAX32), true)
    local.setUint16(26, name.length, true)
    parts.push(new Uint8Array(local.buffer), name, e.data)
    const header = new DataView(new ArrayBuffer(46 + (zip64 ? 12 : 0)))
    header.setUint32(0, 0x02014b50, true)
    header.setUint16(4, (3 << 8) | (zip64 ? 45 : 20), true)
    header.setUint16(6, zip64 ? 45 : 20, true)
    header.setUint16(8, 0x0800, true)
    header.setUint16(10, e.method, true)
    header.setUint32(16, e.crc >>> 0, true)
    header.setUint32(20, e.data.length, true)
    header.setUint32(24, zip64 ? MAX32 : e.size, true)
    header.setUint16(28, name.length, true)
    header.setUint16(30, zip64 ? 12 : 0, true)
    header.setUint32(38, (0o100644 << 16) >>> 0, true)
    header.setUint32(42, offset, true)
    if (zip64) {
      header.setUint16(46, 0x0001, true)
      header.setUint16(48, 8, true)
      header.setBigUint64(50, BigInt(e.size), true)
    }
    const bytes = new Uint8Array(header.buffer)
    central.push(bytes.subarray(0, 46), name, bytes.subarray(46))
    offset += 30 + name.length + e.data.length
  }
  const directorySize = central.reduce((n, p) => n + p.length, 0)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, entries.length, true)
  end.setUint16(10, entries.length, true)
  end.setUint32(12, directorySize, true)
  end.setUint32(16, offset, true)
  return Buffer.concat([...parts, ...central, new Uint8Array(end.buffer)])
}
