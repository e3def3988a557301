/**
 * An entry's data: found through its local header, unpacked (stored, or deflated with fflate's streaming
 * `Inflate`) and checked against what the central directory declares: the size as the output grows, so a zip
 * bomb stops at its declared size, and the size and CRC-32 at the end.
 */
import { Inflate } from 'fflate'
import type { CentralEntry } from './central-entries'
import { ZipFormatError } from './format-error'

const LOCAL_HEADER = 0x04034b50
export const LOCAL_HEADER_BYTES = 30

type Located = Pick<CentralEntry, 'name' | 'compressedSize' | 'localOffset'>
type Declared = Pick<CentralEntry, 'name' | 'compression' | 'size' | 'crc'>

/** Where the entry's data starts: after its local header, whose name and extra may differ from the central ones. */
export function entryDataStart(entry: Located, localHeader: Uint8Array, archiveSize: number): number {
  const view = new DataView(localHeader.buffer, localHeader.byteOffset, localHeader.byteLength)
  if (localHeader.length < LOCAL_HEADER_BYTES || view.getUint32(0, true) !== LOCAL_HEADER) throw new ZipFormatError('no-local-header', entry.name)
  const start = entry.localOffset + LOCAL_HEADER_BYTES + view.getUint16(26, true) + view.getUint16(28, true)
  if (start + entry.compressedSize > archiveSize) throw new ZipFormatError('data-out-of-range', entry.name)
  return start
}

/**
 * Unpacks one entry from its compressed bytes, pushed in pieces by the caller. Synchronous, so an archive held in
 * memory (unpackEntry) and one read from a file piece by piece drive it alike.
 */
export class EntryUnpacker {
  private produced = 0
  private crc = 0
  private pieces: Uint8Array[] = []
  private readonly inflate: Inflate | undefined

  constructor(private readonly entry: Declared) {
    this.inflate = entry.compression === 'deflated' ? new Inflate((piece) => this.take(piece)) : undefined
  }

  /** The uncompressed bytes of the next compressed `input`; `last` goes with the final input. */
  push(input: Uint8Array, last: boolean): Uint8Array[] {
    if (!this.inflate) this.take(input)
    else {
      try {
        this.inflate.push(input, last)
      } catch (err) {
        if (err instanceof ZipFormatError) throw err
        throw new ZipFormatError('corrupt-data', this.entry.name, (err as Error).message)
      }
    }
    const pieces = this.pieces
    this.pieces = []
    return pieces
  }

  /** After the last input: the output must have the declared size and CRC-32. */
  finish(): void {
    if (this.produced !== this.entry.size) throw new ZipFormatError('size-mismatch', this.entry.name)
    if ((this.crc >>> 0) !== (this.entry.crc >>> 0)) throw new ZipFormatError('crc-mismatch', this.entry.name)
  }

  private take(piece: Uint8Array): void {
    this.produced += piece.length
    // Thrown inside fflate's callback, this ends the inflating there: nothing past the declared size is kept.
    if (this.produced > this.entry.size) throw new ZipFormatError('larger-than-declared', this.entry.name)
    this.crc = Bun.hash.crc32(piece, this.crc)
    this.pieces.push(piece)
  }
}

/**
 * An entry of an archive held in memory, unpacked into a buffer of exactly its declared size. The input goes in
 * slices of `sliceBytes`, which bounds what one step of inflating can produce before the size check sees it.
 */
export function unpackEntry(entry: Located & Declared, archive: Uint8Array, sliceBytes: number): Uint8Array {
  const headerAt = entry.localOffset
  const start = entryDataStart(entry, archive.subarray(headerAt, headerAt + LOCAL_HEADER_BYTES), archive.length)
  const input = archive.subarray(start, start + entry.compressedSize)
  const unpacker = new EntryUnpacker(entry)
  const out = new Uint8Array(entry.size)
  let written = 0
  // An empty entry is pushed once too: the inflater must see its (empty) last input.
  for (let at = 0; at === 0 || at < input.length; at += sliceBytes) {
    for (const piece of unpacker.push(input.subarray(at, at + sliceBytes), at + sliceBytes >= input.length)) {
      out.set(piece, written)
      written += piece.length
    }
  }
  unpacker.finish()
  return out
}
