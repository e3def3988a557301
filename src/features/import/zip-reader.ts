/**
 * A bounded reader of an uploaded ZIP (README "Import"): the central directory is read and checked whole before
 * any entry is inflated — entry count, names (no `..`, absolute paths, backslashes or control characters),
 * links and other special files, encryption, methods, declared sizes against each entry's cap and the total.
 * Entries are then unpacked on demand, fed in small slices, stopped as soon as the output passes the declared
 * size, and checked against their CRC-32. The ZIP format itself (ZIP64 too) is read by `lib/zip`.
 */
import { centralEntries, type CentralEntry } from '../../lib/zip/central-entries'
import { findEndRecord, readZip64EndRecord, ZIP64_END_RECORD_BYTES } from '../../lib/zip/end-record'
import { EntryUnpacker, entryDataStart, LOCAL_HEADER_BYTES, unpackEntry } from '../../lib/zip/entry-data'
import { isSafeEntryPath } from '../../lib/zip/entry-name'
import { ZipFormatError } from '../../lib/zip/format-error'
import { IMPORT_LIMITS } from './limits'
import { refuse } from './refusal'

const NOT_ZIP = 'The file is not a ZIP archive.'
const CORRUPT = (name: string) => `The archive entry "${name}" is damaged or truncated.`

/** A broken structure is refused with one of two messages: the file is not a ZIP, or the entry at fault is damaged. */
function refusingBrokenZip<T>(read: () => T): T {
  try {
    return read()
  } catch (err) {
    if (err instanceof ZipFormatError) refuse(err.entry === undefined ? NOT_ZIP : CORRUPT(err.entry))
    throw err
  }
}

/** Refuses names that could point outside the folder they are unpacked into, or that no export writes. */
export function checkEntryName(name: string): void {
  // A folder's name ends with `/`; the path before it must be safe.
  if (!isSafeEntryPath(name.replace(/\/$/, ''))) refuse(`The archive holds an entry with an unsafe name: ${JSON.stringify(name.slice(0, 200))}.`)
}

export class ZipArchive {
  readonly entries = new Map<string, CentralEntry>()

  constructor(readonly bytes: Uint8Array, capOf: (name: string) => number) {
    if (bytes.length > IMPORT_LIMITS.compressedBytes) refuse(`The file must not be larger than ${IMPORT_LIMITS.compressedBytes / 1048576} MiB.`)
    refusingBrokenZip(() => this.readDirectory(capOf))
  }

  /** The entry's bytes, inflated within its declared size and checked against its CRC-32. */
  read(name: string): Uint8Array {
    const entry = this.entries.get(name)
    if (!entry) return refuse(`The archive has no "${name}".`)
    return refusingBrokenZip(() => unpackEntry(entry, this.bytes, IMPORT_LIMITS.inflateSliceBytes))
  }

  /**
   * The entry's bytes piece by piece, for the entries too large to hold at once (data.json, the CSVs): each piece
   * comes from one slice of compressed input, so it is at most ~1032 slices' worth; size and CRC-32 are checked
   * as the last piece is produced. A broken entry is refused like in `read`.
   */
  *pieces(name: string): Generator<Uint8Array> {
    const entry = this.entries.get(name)
    if (!entry) return refuse(`The archive has no "${name}".`)
    const input = refusingBrokenZip(() => {
      const at = entry.localOffset
      const start = entryDataStart(entry, this.bytes.subarray(at, at + LOCAL_HEADER_BYTES), this.bytes.length)
      return this.bytes.subarray(start, start + entry.compressedSize)
    })
    const unpacker = new EntryUnpacker(entry)
    const slice = IMPORT_LIMITS.inflateSliceBytes
    for (let at = 0; at === 0 || at < input.length; at += slice) {
      const last = at + slice >= input.length
      yield* refusingBrokenZip(() => unpacker.push(input.subarray(at, at + slice), last))
    }
    refusingBrokenZip(() => unpacker.finish())
  }

  /**
   * The entry's text in parts of at most `partChars`, decoded as strict UTF-8 as it is inflated: a piece of a
   * well-compressed file can be megabytes of text, so callers get it in parts they can pause between.
   */
  *textParts(name: string, partChars = 16 * 1024): Generator<string> {
    const decoder = new TextDecoder('utf-8', { fatal: true })
    const decode = (piece?: Uint8Array) => {
      try {
        return piece ? decoder.decode(piece, { stream: true }) : decoder.decode()
      } catch {
        return refuse(`The archive entry "${name.slice(name.indexOf('/') + 1)}" is not UTF-8 text.`)
      }
    }
    const parts = function* (text: string) {
      for (let at = 0; at < text.length; at += partChars) yield text.slice(at, at + partChars)
    }
    for (const piece of this.pieces(name)) yield* parts(decode(piece))
    yield* parts(decode())
  }

  private readDirectory(capOf: (name: string) => number): void {
    const bytes = this.bytes
    const end = findEndRecord(bytes, bytes.length)
    const at = end.zip64RecordOffset
    const directory = at === undefined ? end : readZip64EndRecord(bytes.subarray(at, at + ZIP64_END_RECORD_BYTES))
    if (directory.entries > IMPORT_LIMITS.entries) refuse(`The archive must not hold more than ${IMPORT_LIMITS.entries} entries.`)
    let total = 0
    for (const entry of centralEntries(bytes.subarray(directory.offset), directory.entries)) {
      const { name } = entry
      if (!entry.nameIsUtf8) refuse('The archive holds an entry whose name is not UTF-8.')
      checkEntryName(name)
      if (entry.fileType === 'link-or-special') refuse(`The archive entry "${name}" is a link or special file.`)
      if (entry.encrypted) refuse(`The archive entry "${name}" is encrypted.`)
      if (entry.compression === 'unsupported') refuse(`The archive entry "${name}" uses an unsupported compression method.`)
      if (name.endsWith('/')) {
        if (entry.size !== 0) refuse(CORRUPT(name))
        continue
      }
      if (this.entries.has(name)) refuse(`The archive holds "${name}" twice.`)
      const cap = capOf(name)
      if (entry.size > cap) refuse(`The archive entry "${name}" is larger than its limit of ${formatBytes(cap)}.`)
      total += entry.size
      if (total > IMPORT_LIMITS.totalBytes) refuse(`The archive unpacks to more than ${formatBytes(IMPORT_LIMITS.totalBytes)}.`)
      if (entry.compression === 'stored' && entry.compressedSize !== entry.size) refuse(CORRUPT(name))
      this.entries.set(name, entry)
    }
  }
}

/** A size in messages: MiB or KiB, to one decimal place (a bound such as 1.11419677734375 MiB reads as 1.1 MiB). */
export function formatBytes(n: number): string {
  const [amount, unit] = n >= 1048576 ? [n / 1048576, 'MiB'] : [n / 1024, 'KiB']
  return `${Math.round(amount * 10) / 10} ${unit}`
}
