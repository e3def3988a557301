/**
 * The ZIP central directory and end records (PKWARE APPNOTE 4.3.12–4.3.16), written by us rather than by
 * fflate because fflate writes no ZIP64 records: an archive past 4 GiB or 65,535 entries needs them. Entry
 * sizes stay below 4 GiB (checked by the writer), so only offsets and counts ever need 64 bits.
 */

export interface EntryRecord {
  /** UTF-8 bytes of the name */
  name: Uint8Array
  method: 0 | 8
  crc: number
  compressedSize: number
  size: number
  /** offset of the entry's local header */
  offset: number
}

const MAX16 = 0xffff
const MAX32 = 0xffffffff
/** general purpose flags: bit 3 (sizes in a data descriptor, as fflate streams them), bit 11 (UTF-8 names) */
export const ENTRY_FLAGS = 0x0808
const MADE_BY_UNIX = 3 << 8
/** -rw-r--r-- regular file, so unzip restores sensible permissions */
const FILE_ATTRS = (0o100644 << 16) >>> 0

/** MS-DOS time and date (in their two 16-bit halves) of a time in ms, from local time as fflate writes it. */
export function dosDateTime(ms: number): { time: number; date: number } {
  const d = new Date(ms)
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  }
}

/**
 * Everything after the last entry: one central header per entry, then (when needed, or `forceZip64`) the
 * ZIP64 end record and locator, then the classic end record. `cdOffset` is where this block starts.
 */
export function endOfArchive(entries: EntryRecord[], cdOffset: number, mtime: number, forceZip64 = false): Uint8Array {
  const { time, date } = dosDateTime(mtime)
  const offset64 = (e: EntryRecord) => forceZip64 || e.offset >= MAX32
  let cdSize = 0
  for (const e of entries) cdSize += 46 + e.name.length + (offset64(e) ? 12 : 0)
  const zip64 = forceZip64 || entries.length >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32
  const out = new Uint8Array(cdSize + (zip64 ? 56 + 20 : 0) + 22)
  const v = new DataView(out.buffer)
  let p = 0
  for (const e of entries) {
    const big = offset64(e)
    v.setUint32(p, 0x02014b50, true)
    v.setUint16(p + 4, MADE_BY_UNIX | (big ? 45 : 20), true)
    v.setUint16(p + 6, big ? 45 : 20, true)
    v.setUint16(p + 8, ENTRY_FLAGS, true)
    v.setUint16(p + 10, e.method, true)
    v.setUint16(p + 12, time, true)
    v.setUint16(p + 14, date, true)
    v.setUint32(p + 16, e.crc >>> 0, true)
    v.setUint32(p + 20, e.compressedSize, true)
    v.setUint32(p + 24, e.size, true)
    v.setUint16(p + 28, e.name.length, true)
    v.setUint16(p + 30, big ? 12 : 0, true)
    // comment length, disk number start, internal attributes: 0
    v.setUint32(p + 38, FILE_ATTRS, true)
    v.setUint32(p + 42, big ? MAX32 : e.offset, true)
    out.set(e.name, p + 46)
    p += 46 + e.name.length
    if (big) {
      v.setUint16(p, 0x0001, true) // ZIP64 extended information: only the offset is in it
      v.setUint16(p + 2, 8, true)
      v.setBigUint64(p + 4, BigInt(e.offset), true)
      p += 12
    }
  }
  if (zip64) {
    const recordOffset = cdOffset + cdSize
    v.setUint32(p, 0x06064b50, true)
    v.setBigUint64(p + 4, 44n, true) // size of the rest of this record
    v.setUint16(p + 12, MADE_BY_UNIX | 45, true)
    v.setUint16(p + 14, 45, true)
    // number of this disk, disk of the central directory: 0
    v.setBigUint64(p + 24, BigInt(entries.length), true)
    v.setBigUint64(p + 32, BigInt(entries.length), true)
    v.setBigUint64(p + 40, BigInt(cdSize), true)
    v.setBigUint64(p + 48, BigInt(cdOffset), true)
    p += 56
    v.setUint32(p, 0x07064b50, true)
    v.setBigUint64(p + 8, BigInt(recordOffset), true)
    v.setUint32(p + 16, 1, true) // total number of disks
    p += 20
  }
  v.setUint32(p, 0x06054b50, true)
  const count = zip64 ? MAX16 : entries.length
  v.setUint16(p + 8, count, true)
  v.setUint16(p + 10, count, true)
  v.setUint32(p + 12, zip64 ? MAX32 : cdSize, true)
  v.setUint32(p + 16, zip64 ? MAX32 : cdOffset, true)
  return out
}
