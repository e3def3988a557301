/**
 * A streaming ZIP writer over a FileSink. Each entry is framed by fflate's streaming `Zip` (local header, the
 * data of a ZipDeflate, a ZipPassThrough or a whole deflated text, data descriptor); the central directory is
 * ours (central-directory.ts).
 * One fflate Zip per entry, never `end()`ed: its own directory is not needed, so nothing accumulates in it,
 * and only our small per-entry records are kept. Entries are written one after another, never interleaved.
 */
import { Zip, ZipDeflate, ZipPassThrough, deflateSync, strToU8, type ZipInputFile } from 'fflate'
import type { FileSink } from './file-sink'
import { endOfArchive, type EntryRecord } from './central-directory'

/** Text is gathered to about this many characters, then handed to the compressor in pieces of at most PUSH_BYTES. */
const TEXT_CHUNK_CHARS = 64 * 1024
const PUSH_BYTES = 64 * 1024
const LOCAL_HEADER_BYTES = 30
const DESCRIPTOR_BYTES = 16
const MAX_ENTRY_BYTES = 0xfffffffe
const SMALL_TEXT_CHARS = 256 * 1024

export interface ZipWriterOptions {
  /** DOS time of every entry */
  mtime: number
  /** write ZIP64 end records even when not needed (tests) */
  forceZip64?: boolean
}

/** One open entry: push text or bytes, then `end()`. Awaiting each call is the backpressure. */
export interface ZipEntry {
  write(data: string | Uint8Array): Promise<void>
  end(): Promise<void>
}

/** An entry framed into the sink: `check` throws what fflate reported, `close` records the entry once its data is out. */
interface FramedEntry {
  check(): void
  close(): void
}

export class ZipWriter {
  private entries: EntryRecord[] = []
  private entryOpen = false

  constructor(private sink: FileSink, private options: ZipWriterOptions) {}

  /** A deflated entry streamed in pieces (text files of any size). */
  deflated(name: string): ZipEntry {
    return this.begin(name, new ZipDeflate(name, { level: 6 }), 8)
  }

  /** A stored entry (images: already compressed). */
  stored(name: string): ZipEntry {
    return this.begin(name, new ZipPassThrough(name), 0)
  }

  /** Writes a whole text entry that is already in memory (notes, profile, manifest), deflated. */
  async text(name: string, content: string): Promise<void> {
    if (content.length > SMALL_TEXT_CHARS) {
      const entry = this.deflated(name)
      await entry.write(content)
      return entry.end()
    }
    // Deflated in one call and handed to fflate through its documented ZipInputFile interface (the data
    // arrives compressed; CRC and size are those of the raw bytes). A streaming Deflate allocates about 300 kB
    // of tables and buffers whatever the input size; a note of a few hundred bytes should not cost that,
    // thousands of times over.
    const bytes = strToU8(content)
    const file: ZipInputFile = { filename: name, compression: 8, crc: Bun.hash.crc32(bytes), size: bytes.length }
    const framed = this.frame(name, file, 8)
    // Zip.add (in frame) has set ondata: it is how a ZipInputFile hands its data to the archive.
    file.ondata!(null, deflateSync(bytes, { level: 6 }), true)
    framed.check()
    framed.close()
    await this.sink.drain()
  }

  /** Writes the central directory; the caller closes the sink. */
  async finish(): Promise<void> {
    if (this.entryOpen) throw new Error('a zip entry is still open')
    this.sink.push(endOfArchive(this.entries, this.sink.position, this.options.mtime, this.options.forceZip64))
    await this.sink.drain(true)
  }

  /**
   * Frames one entry into the sink with its own fflate Zip: the local header now, then the data and the data
   * descriptor as `file` emits them.
   */
  private frame(name: string, file: ZipInputFile, method: 0 | 8): FramedEntry {
    if (this.entryOpen) throw new Error('a zip entry is still open')
    this.entryOpen = true
    const nameBytes = strToU8(name)
    const offset = this.sink.position
    file.mtime = this.options.mtime
    let failure: unknown
    let first = true
    const zip = new Zip((err, chunk) => {
      if (err) { failure ??= err; return }
      if (first) {
        first = false
        // fflate flags UTF-8 (bit 11) only for non-ASCII names; the contract wants it on every name.
        if (chunk[0] !== 0x50 || chunk[1] !== 0x4b || chunk[2] !== 0x03 || chunk[3] !== 0x04) failure ??= new Error('unexpected zip chunk')
        else chunk[7]! |= 0x08
      }
      this.sink.push(chunk)
    })
    zip.add(file)
    return {
      check: () => { if (failure) throw failure },
      close: () => {
        const compressedSize = this.sink.position - offset - LOCAL_HEADER_BYTES - nameBytes.length - DESCRIPTOR_BYTES
        if (file.size > MAX_ENTRY_BYTES || compressedSize > MAX_ENTRY_BYTES) throw new Error(`zip entry ${name} is larger than 4 GiB`)
        this.entries.push({ name: nameBytes, method, crc: file.crc, compressedSize, size: file.size, offset })
        this.entryOpen = false
      },
    }
  }

  private begin(name: string, file: ZipPassThrough | ZipDeflate, method: 0 | 8): ZipEntry {
    const framed = this.frame(name, file, method)
    let pending: string[] = []
    let pendingChars = 0
    // Bounded pieces keep fflate's window buffer at its initial size (a large push makes it grow to fit).
    const push = async (bytes: Uint8Array, final: boolean) => {
      for (let at = 0; at < bytes.length || (final && at === 0); at += PUSH_BYTES) {
        const last = at + PUSH_BYTES >= bytes.length
        file.push(bytes.subarray(at, at + PUSH_BYTES), final && last)
        framed.check()
        await this.sink.drain()
      }
    }
    const flushText = async (final: boolean) => {
      const text = pending.join('')
      pending = []
      pendingChars = 0
      if (text.length > 0 || final) await push(strToU8(text), final)
    }
    return {
      write: async (data) => {
        if (typeof data !== 'string') {
          if (pendingChars > 0) await flushText(false)
          if (data.length > 0) await push(data, false)
          return
        }
        pending.push(data)
        pendingChars += data.length
        if (pendingChars >= TEXT_CHUNK_CHARS) await flushText(false)
      },
      end: async () => {
        await flushText(true)
        framed.close()
      },
    }
  }
}
