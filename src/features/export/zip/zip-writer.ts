/**
 * A streaming ZIP writer over a FileSink. Each entry is framed by fflate's streaming `Zip` (local header, the
 * ZipDeflate / ZipPassThrough data, data descriptor); the central directory is ours (central-directory.ts).
 * One fflate Zip per entry, never `end()`ed: its own directory is not needed, so nothing accumulates in it,
 * and only our small per-entry records are kept. Entries are written one after another, never interleaved.
 */
import { Zip, ZipDeflate, ZipPassThrough, deflateSync, strToU8 } from 'fflate'
import type { FileSink } from './file-sink'
import { endOfArchive, type EntryRecord } from './central-directory'

/** Text is gathered to about this many characters, then handed to the compressor in pieces of at most PUSH_BYTES. */
const TEXT_CHUNK_CHARS = 64 * 1024
const PUSH_BYTES = 64 * 1024
const LOCAL_HEADER_BYTES = 30
const DESCRIPTOR_BYTES = 16
const MAX_ENTRY_BYTES = 0xfffffffe
const SMALL_TEXT_CHARS = 256 * 1024

/**
 * A whole in-memory text deflated in one go (fflate's documented way to customise a ZIP stream: CRC and size
 * are counted on the raw bytes by ZipPassThrough.push, `process` emits the compressed form). A streaming
 * Deflate allocates about 300 kB of tables and buffers whatever the input size; a note of a few hundred
 * bytes should not cost that, thousands of times over.
 */
class ZipDeflateWhole extends ZipPassThrough {
  constructor(filename: string) {
    super(filename)
    this.compression = 8
  }

  /** Called once, with the whole content (ZipWriter.text pushes it as one final chunk). */
  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata(null, deflateSync(chunk, { level: 6 }), final)
  }
}

export interface ZipWriterOptions {
  /** DOS time of every entry */
  mtime: number
  /** write ZIP64 end records even when not needed (tests) */
  forceZip64?: boolean
}

/** One open entry: push text or bytes, then `end()`. Awaiting each call is the backpressure. */
export interface ZipEntry {
  /** `whole`: these bytes are the entire content (pushed as the final chunk; `end()` adds nothing) */
  write(data: string | Uint8Array, whole?: boolean): Promise<void>
  end(): Promise<void>
}

export class ZipWriter {
  private entries: EntryRecord[] = []
  private open = false

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
    const entry = this.begin(name, new ZipDeflateWhole(name), 8)
    await entry.write(strToU8(content), true)
    await entry.end()
  }

  /** Writes the central directory; the caller closes the sink. */
  async finish(): Promise<void> {
    if (this.open) throw new Error('a zip entry is still open')
    this.sink.push(endOfArchive(this.entries, this.sink.position, this.options.mtime, this.options.forceZip64))
    await this.sink.drain(true)
  }

  private begin(name: string, file: ZipPassThrough | ZipDeflate, method: 0 | 8): ZipEntry {
    if (this.open) throw new Error('a zip entry is still open')
    this.open = true
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

    let pending: string[] = []
    let pendingChars = 0
    let ended = false
    // Bounded pieces keep fflate's window buffer at its initial size (a large push makes it grow to fit).
    const push = async (bytes: Uint8Array, final: boolean) => {
      for (let at = 0; at < bytes.length || (final && at === 0); at += PUSH_BYTES) {
        const last = at + PUSH_BYTES >= bytes.length
        file.push(bytes.subarray(at, at + PUSH_BYTES), final && last)
        if (failure) throw failure
        await this.sink.drain()
      }
      if (final) ended = true
    }
    const flushText = async (final: boolean) => {
      const text = pending.join('')
      pending = []
      pendingChars = 0
      if (text.length > 0 || final) await push(strToU8(text), final)
    }
    return {
      write: async (data, whole = false) => {
        if (whole && typeof data !== 'string') {
          file.push(data, true)
          ended = true
          if (failure) throw failure
          return this.sink.drain()
        }
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
        if (!ended) await flushText(true)
        const compressedSize = this.sink.position - offset - LOCAL_HEADER_BYTES - nameBytes.length - DESCRIPTOR_BYTES
        if (file.size > MAX_ENTRY_BYTES || compressedSize > MAX_ENTRY_BYTES) throw new Error(`zip entry ${name} is larger than 4 GiB`)
        this.entries.push({ name: nameBytes, method, crc: file.crc, compressedSize, size: file.size, offset })
        this.open = false
      },
    }
  }
}
