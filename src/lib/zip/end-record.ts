/**
 * Finding the central directory (PKWARE APPNOTE 4.3.14–4.3.16): the end of central directory record among an
 * archive's last bytes, and the ZIP64 end record its locator points to. Two steps over bytes the caller reads,
 * so an archive in memory and one read from a file (asynchronously) share them.
 */
import { ZipFormatError } from './format-error'

const END_RECORD = 0x06054b50
const END_RECORD_BYTES = 22
const MAX_COMMENT = 0xffff
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_LOCATOR_BYTES = 20
const ZIP64_END_RECORD = 0x06064b50
export const ZIP64_END_RECORD_BYTES = 56
/** The last bytes that can hold the end record: it, the longest comment after it, the ZIP64 locator before it. */
export const END_SEARCH_BYTES = ZIP64_LOCATOR_BYTES + END_RECORD_BYTES + MAX_COMMENT

/** Where the central directory is and how many headers it holds. */
export interface DirectoryLocation {
  entries: number
  size: number
  offset: number
}

export interface EndRecord extends DirectoryLocation {
  /** where the ZIP64 end record is, when a ZIP64 locator precedes the end record; its values then replace these */
  zip64RecordOffset?: number
  /** a count, size or offset holds the all-ones placeholder that defers it to a ZIP64 record */
  needsZip64: boolean
}

/** The end record within `tail`, the last bytes (up to END_SEARCH_BYTES) of an archive of `archiveSize` bytes. */
export function findEndRecord(tail: Uint8Array, archiveSize: number): EndRecord {
  if (tail.length < END_RECORD_BYTES) throw new ZipFormatError('too-short')
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength)
  // Searched from the end, and only where the comment after it fits in its 16-bit length.
  const lowest = Math.max(0, tail.length - END_RECORD_BYTES - MAX_COMMENT)
  let end = tail.length - END_RECORD_BYTES
  while (end >= lowest && view.getUint32(end, true) !== END_RECORD) end--
  if (end < lowest) throw new ZipFormatError('no-end-record')
  const location = { entries: view.getUint16(end + 10, true), size: view.getUint32(end + 12, true), offset: view.getUint32(end + 16, true) }
  const needsZip64 = location.entries === 0xffff || location.size === 0xffffffff || location.offset === 0xffffffff
  const locator = end - ZIP64_LOCATOR_BYTES
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) return { ...location, needsZip64 }
  const zip64RecordOffset = Number(view.getBigUint64(locator + 8, true))
  if (zip64RecordOffset + ZIP64_END_RECORD_BYTES > archiveSize) throw new ZipFormatError('zip64-record-out-of-range')
  return { ...location, needsZip64, zip64RecordOffset }
}

/** The location a ZIP64 end record (the ZIP64_END_RECORD_BYTES at `zip64RecordOffset`) gives. */
export function readZip64EndRecord(record: Uint8Array): DirectoryLocation {
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength)
  if (record.length < ZIP64_END_RECORD_BYTES || view.getUint32(0, true) !== ZIP64_END_RECORD) throw new ZipFormatError('zip64-record-missing')
  const u64 = (at: number) => Number(view.getBigUint64(at, true))
  return { entries: u64(32), size: u64(40), offset: u64(48) }
}
