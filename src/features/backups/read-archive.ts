/**
 * Reads a backup archive for restore without trusting it: the central directory (ZIP64 too) is parsed with
 * bounds checks (`lib/zip`), entries that are encrypted, linked, directories, unsafe or overlong names, duplicated
 * or both a file and a folder are refused, and each entry is streamed (read 64 KiB at a time, inflated with fflate
 * 4 KiB of input at a time) into the staging folder while its CRC-32, size and SHA-256 are checked. One step of
 * inflating yields at most ~4 MB (deflate expands at most ~1032×), and output beyond an entry's declared size
 * stops it at once: memory stays bounded whatever an entry claims.
 */
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { createHash } from 'node:crypto'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../data-dir'
import { centralEntries, type CentralEntry } from '../../lib/zip/central-entries'
import { END_SEARCH_BYTES, findEndRecord, readZip64EndRecord, ZIP64_END_RECORD_BYTES } from '../../lib/zip/end-record'
import { EntryUnpacker, entryDataStart, LOCAL_HEADER_BYTES } from '../../lib/zip/entry-data'
import { ZipFormatError, type ZipFault } from '../../lib/zip/format-error'
import { BadBackupError, hasOverlongPart, isSafeEntryName, quotedName } from './manifest'

const READ_CHUNK = 64 * 1024
/** Compressed input handed to the inflater at once: bounds what one step can produce before the size check sees it. */
const INFLATE_SLICE = 4 * 1024
const MAX_ENTRIES = 2_000_000

/** How restore words each fault of the ZIP structure. */
const FAULTS: Record<ZipFault, (entry: string, detail?: string) => string> = {
  'too-short': () => 'the file is not a ZIP archive',
  'no-end-record': () => 'the file is not a ZIP archive (no end of central directory)',
  'zip64-record-out-of-range': () => 'the ZIP64 end record is out of range',
  'zip64-record-missing': () => 'the ZIP64 end record is missing',
  'directory-corrupt': () => 'the central directory is corrupt',
  'zip64-field-malformed': () => 'a ZIP64 field is malformed',
  'no-local-header': (entry) => `entry ${entry} has no local header`,
  'data-out-of-range': (entry) => `entry ${entry} runs past the end of the archive`,
  'larger-than-declared': (entry) => `entry ${entry} is larger than it says`,
  'corrupt-data': (entry, detail) => `entry ${entry} is corrupt (${detail})`,
  'size-mismatch': (entry) => `entry ${entry} is truncated or corrupt`,
  'crc-mismatch': (entry) => `entry ${entry} fails its CRC-32 check`,
}

const asBadBackup = (err: unknown): unknown =>
  err instanceof ZipFormatError ? new BadBackupError(FAULTS[err.fault](err.entry ?? '', err.detail)) : err

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length)
  let done = 0
  while (done < length) {
    const { bytesRead } = await handle.read(buf, done, length - done, position + done)
    if (bytesRead === 0) throw new BadBackupError('the archive is truncated')
    done += bytesRead
  }
  return buf
}

export class ArchiveReader {
  private constructor(private handle: FileHandle, private fileSize: number, readonly entries: CentralEntry[]) {}

  static async open(path: string): Promise<ArchiveReader> {
    const handle = await open(path, 'r')
    try {
      const size = (await handle.stat()).size
      const entries = await readCentralDirectory(handle, size)
      return new ArchiveReader(handle, size, entries)
    } catch (err) {
      await handle.close()
      throw asBadBackup(err)
    }
  }

  async close(): Promise<void> {
    await this.handle.close()
  }

  /** A small entry (the manifest) read into memory; refused beyond `limit` bytes. */
  async readText(entry: CentralEntry, limit: number): Promise<string> {
    if (entry.size > limit) throw new BadBackupError(`${entry.name} is larger than ${limit} bytes`)
    const parts: Uint8Array[] = []
    await this.stream(entry, async (chunk) => { parts.push(chunk) })
    return Buffer.concat(parts).toString('utf8')
  }

  /**
   * Extracts `entry` to `root/entry.name` (mode 0600, folders 0700) and returns its SHA-256. The target is
   * resolved and must stay inside `root`; the file is created exclusively, so nothing existing is overwritten.
   * With `head`, its first `head.bytes` bytes (fewer if the entry is shorter) go to `head.check` before anything
   * is written, so an entry that is not what it must be is refused at once, not after its whole size.
   */
  async extract(entry: CentralEntry, root: string, head?: HeadCheck): Promise<string> {
    const base = resolve(root)
    const target = resolve(base, entry.name)
    if (!target.startsWith(base + sep)) throw new BadBackupError(`entry ${quotedName(entry.name)} would leave the folder`)
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE })
    const out = await open(target, 'wx', PRIVATE_FILE_MODE)
    const hash = createHash('sha256')
    const write = async (chunk: Uint8Array) => {
      hash.update(chunk)
      let done = 0
      while (done < chunk.length) done += (await out.write(chunk, done, chunk.length - done)).bytesWritten
    }
    let waiting: Uint8Array[] | undefined = head ? [] : undefined
    let waitingBytes = 0
    const release = async () => {
      const first = Buffer.concat(waiting!)
      waiting = undefined
      head!.check(first.subarray(0, head!.bytes))
      await write(first)
    }
    try {
      await this.stream(entry, async (chunk) => {
        if (!waiting) return write(chunk)
        waiting.push(chunk)
        waitingBytes += chunk.length
        if (waitingBytes >= head!.bytes) await release()
      })
      if (waiting) await release()
      await out.datasync()
    } catch (err) {
      await out.close()
      await rm(target, { force: true })
      throw err
    }
    await out.close()
    return hash.digest('hex')
  }

  /**
   * Streams an entry's uncompressed bytes to `sink`, checking size and CRC-32 against the central directory. The
   * compressed input goes to the inflater in slices of INFLATE_SLICE and what each produced is sunk before the next.
   */
  private async stream(entry: CentralEntry, sink: (chunk: Uint8Array) => Promise<void>): Promise<void> {
    try {
      const start = entryDataStart(entry, await readAt(this.handle, entry.localOffset, LOCAL_HEADER_BYTES), this.fileSize)
      if (entry.compressedSize === 0 && entry.compression === 'deflated') throw new BadBackupError(`entry ${entry.name} is empty but says it is compressed`)
      const unpacker = new EntryUnpacker(entry)
      const end = start + entry.compressedSize
      for (let position = start; position < end;) {
        const length = Math.min(READ_CHUNK, end - position)
        const chunk = await readAt(this.handle, position, length)
        position += length
        for (let at = 0; at < chunk.length; at += INFLATE_SLICE) {
          const last = position === end && at + INFLATE_SLICE >= chunk.length
          for (const piece of unpacker.push(chunk.subarray(at, at + INFLATE_SLICE), last)) await sink(piece)
        }
      }
      unpacker.finish()
    } catch (err) {
      throw asBadBackup(err)
    }
  }
}

/** A look at an entry's first bytes before any is written (the database's SQLite header). */
export interface HeadCheck {
  bytes: number
  /** throws to refuse the entry */
  check(head: Uint8Array): void
}

/** Finds the end records and parses every central header, refusing anything restore must not write. */
async function readCentralDirectory(handle: FileHandle, size: number): Promise<CentralEntry[]> {
  const tailLength = Math.min(size, END_SEARCH_BYTES)
  const end = findEndRecord(await readAt(handle, size - tailLength, tailLength), size)
  const at = end.zip64RecordOffset
  if (at === undefined && end.needsZip64) throw new BadBackupError('the ZIP64 end locator is missing')
  const directory = at === undefined ? end : readZip64EndRecord(await readAt(handle, at, ZIP64_END_RECORD_BYTES))
  if (directory.entries > MAX_ENTRIES || directory.offset + directory.size > size) throw new BadBackupError('the central directory is out of range')
  const entries: CentralEntry[] = []
  const names = new Set<string>()
  for (const entry of centralEntries(await readAt(handle, directory.offset, directory.size), directory.entries)) {
    const name = quotedName(entry.name)
    if (entry.encrypted) throw new BadBackupError(`entry ${name} is encrypted`)
    if (entry.compression === 'unsupported') throw new BadBackupError(`entry ${name} uses an unsupported compression method`)
    if (entry.fileType === 'directory' || entry.fileType === 'link-or-special') throw new BadBackupError(`entry ${name} is not a regular file (a link or a device)`)
    if (entry.name.endsWith('/')) throw new BadBackupError(`entry ${name} is a folder`)
    if (hasOverlongPart(entry.name)) throw new BadBackupError(`entry name ${name} has a part longer than 255 bytes, more than a file system takes`)
    if (!isSafeEntryName(entry.name)) throw new BadBackupError(`entry name ${name} is not allowed (absolute, "..", or outside the backup's layout)`)
    if (names.has(entry.name)) throw new BadBackupError(`entry ${name} appears twice`)
    if (entry.localOffset + LOCAL_HEADER_BYTES > size) throw new BadBackupError(`entry ${name} is out of range`)
    names.add(entry.name)
    entries.push(entry)
  }
  refuseFileAndFolder(names)
  return entries
}

/** `files/user/a` beside `files/user/a/b` cannot both be written: one name would be a file and a folder. */
function refuseFileAndFolder(names: Set<string>): void {
  for (const name of names) {
    for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
      const folder = name.slice(0, cut)
      if (names.has(folder)) throw new BadBackupError(`entry ${quotedName(folder)} is a file, and ${quotedName(name)} needs it to be a folder`)
    }
  }
}

/** Joins a checked entry name to a folder (the name has passed isSafeEntryName). */
export function entryPath(root: string, name: string): string {
  return join(root, ...name.split('/'))
}
