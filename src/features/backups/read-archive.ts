/**
 * Reads a backup archive for restore without trusting it: the central directory (ZIP64 too) is parsed with
 * bounds checks, entries that are encrypted, linked, directories, unsafe names or duplicated are refused, and each
 * entry is streamed (64 KiB at a time, inflated with fflate) into the staging folder while its CRC-32, size and
 * SHA-256 are checked. Output beyond an entry's declared size stops at once (no zip bomb gets far).
 */
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { createHash } from 'node:crypto'
import { Inflate } from 'fflate'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../config'
import { BadBackupError, isSafeEntryName } from './manifest'

export interface ArchiveEntry {
  name: string
  method: number
  crc: number
  compressedSize: number
  size: number
  offset: number
}

const READ_CHUNK = 64 * 1024
const MAX_COMMENT = 0xffff
const MAX_ENTRIES = 2_000_000

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
  private constructor(private handle: FileHandle, private fileSize: number, readonly entries: ArchiveEntry[]) {}

  static async open(path: string): Promise<ArchiveReader> {
    const handle = await open(path, 'r')
    try {
      const size = (await handle.stat()).size
      const entries = await readCentralDirectory(handle, size)
      return new ArchiveReader(handle, size, entries)
    } catch (err) {
      await handle.close()
      throw err
    }
  }

  async close(): Promise<void> {
    await this.handle.close()
  }

  /** A small entry (the manifest) read into memory; refused beyond `limit` bytes. */
  async readText(entry: ArchiveEntry, limit: number): Promise<string> {
    if (entry.size > limit) throw new BadBackupError(`${entry.name} is larger than ${limit} bytes`)
    const parts: Uint8Array[] = []
    await this.stream(entry, async (chunk) => { parts.push(chunk) })
    return Buffer.concat(parts).toString('utf8')
  }

  /**
   * Extracts `entry` to `root/entry.name` (mode 0600, folders 0700) and returns its SHA-256. The target is
   * resolved and must stay inside `root`; the file is created exclusively, so nothing existing is overwritten.
   */
  async extract(entry: ArchiveEntry, root: string): Promise<string> {
    const base = resolve(root)
    const target = resolve(base, entry.name)
    if (!target.startsWith(base + sep)) throw new BadBackupError(`entry ${JSON.stringify(entry.name)} would leave the folder`)
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE })
    const out = await open(target, 'wx', PRIVATE_FILE_MODE)
    const hash = createHash('sha256')
    try {
      await this.stream(entry, async (chunk) => {
        hash.update(chunk)
        let done = 0
        while (done < chunk.length) done += (await out.write(chunk, done, chunk.length - done)).bytesWritten
      })
      await out.datasync()
    } catch (err) {
      await out.close()
      await rm(target, { force: true })
      throw err
    }
    await out.close()
    return hash.digest('hex')
  }

  /** Streams an entry's uncompressed bytes to `sink`, checking size and CRC-32 against the central directory. */
  private async stream(entry: ArchiveEntry, sink: (chunk: Uint8Array) => Promise<void>): Promise<void> {
    const header = await readAt(this.handle, entry.offset, 30)
    if (header.readUInt32LE(0) !== 0x04034b50) throw new BadBackupError(`entry ${entry.name} has no local header`)
    const dataStart = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
    if (dataStart + entry.compressedSize > this.fileSize) throw new BadBackupError(`entry ${entry.name} runs past the end of the archive`)
    let produced = 0
    let crc = 0
    let pending: Uint8Array[] = []
    let failure: Error | undefined
    const take = (chunk: Uint8Array) => {
      produced += chunk.length
      if (produced > entry.size) failure ??= new BadBackupError(`entry ${entry.name} is larger than it says`)
      else { crc = Bun.hash.crc32(chunk, crc); pending.push(chunk) }
    }
    const inflater = entry.method === 8 ? new Inflate((chunk) => take(chunk)) : undefined
    let position = dataStart
    const end = dataStart + entry.compressedSize
    if (entry.compressedSize === 0 && inflater) throw new BadBackupError(`entry ${entry.name} is empty but says it is compressed`)
    while (position < end) {
      const length = Math.min(READ_CHUNK, end - position)
      const chunk = await readAt(this.handle, position, length)
      position += length
      try {
        if (inflater) inflater.push(chunk, position === end)
        else take(chunk)
      } catch (err) {
        throw new BadBackupError(`entry ${entry.name} is corrupt (${(err as Error).message})`)
      }
      if (failure) throw failure
      const out = pending
      pending = []
      for (const piece of out) await sink(piece)
    }
    if (produced !== entry.size) throw new BadBackupError(`entry ${entry.name} is truncated or corrupt`)
    if ((crc >>> 0) !== (entry.crc >>> 0)) throw new BadBackupError(`entry ${entry.name} fails its CRC-32 check`)
  }
}

/** Finds the end records and parses every central header, refusing anything restore must not write. */
async function readCentralDirectory(handle: FileHandle, size: number): Promise<ArchiveEntry[]> {
  if (size < 22) throw new BadBackupError('the file is not a ZIP archive')
  const tailLength = Math.min(size, 22 + MAX_COMMENT + 20)
  const tail = await readAt(handle, size - tailLength, tailLength)
  let eocd = -1
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) { eocd = i; break }
  }
  if (eocd < 0) throw new BadBackupError('the file is not a ZIP archive (no end of central directory)')
  let count = tail.readUInt16LE(eocd + 10)
  let cdSize = tail.readUInt32LE(eocd + 12)
  let cdOffset = tail.readUInt32LE(eocd + 16)
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locator = eocd - 20
    if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50) throw new BadBackupError('the ZIP64 end locator is missing')
    const recordOffset = Number(tail.readBigUInt64LE(locator + 8))
    if (recordOffset + 56 > size) throw new BadBackupError('the ZIP64 end record is out of range')
    const record = await readAt(handle, recordOffset, 56)
    if (record.readUInt32LE(0) !== 0x06064b50) throw new BadBackupError('the ZIP64 end record is missing')
    count = Number(record.readBigUInt64LE(32))
    cdSize = Number(record.readBigUInt64LE(40))
    cdOffset = Number(record.readBigUInt64LE(48))
  }
  if (count > MAX_ENTRIES || cdOffset + cdSize > size) throw new BadBackupError('the central directory is out of range')
  const cd = await readAt(handle, cdOffset, cdSize)
  const entries: ArchiveEntry[] = []
  const names = new Set<string>()
  let p = 0
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new BadBackupError('the central directory is corrupt')
    const flags = cd.readUInt16LE(p + 8)
    const method = cd.readUInt16LE(p + 10)
    const crc = cd.readUInt32LE(p + 16)
    let compressedSize = cd.readUInt32LE(p + 20)
    let uncompressed = cd.readUInt32LE(p + 24)
    const nameLength = cd.readUInt16LE(p + 28)
    const extraLength = cd.readUInt16LE(p + 30)
    const commentLength = cd.readUInt16LE(p + 32)
    const madeBy = cd.readUInt16LE(p + 4) >> 8
    const external = cd.readUInt32LE(p + 38)
    let offset = cd.readUInt32LE(p + 42)
    if (p + 46 + nameLength + extraLength + commentLength > cd.length) throw new BadBackupError('the central directory is corrupt')
    const name = cd.subarray(p + 46, p + 46 + nameLength).toString('utf8')
    const extra = cd.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength)
    // ZIP64 extended information: the fields set to 0xffffffff, in order.
    for (let q = 0; q + 4 <= extra.length;) {
      const id = extra.readUInt16LE(q)
      const len = extra.readUInt16LE(q + 2)
      if (id === 0x0001) {
        let r = q + 4
        const next = () => { if (r + 8 > q + 4 + len) throw new BadBackupError('a ZIP64 field is malformed'); const v = Number(extra.readBigUInt64LE(r)); r += 8; return v }
        if (uncompressed === 0xffffffff) uncompressed = next()
        if (compressedSize === 0xffffffff) compressedSize = next()
        if (offset === 0xffffffff) offset = next()
      }
      q += 4 + len
    }
    p += 46 + nameLength + extraLength + commentLength
    if (flags & 0x0001) throw new BadBackupError(`entry ${JSON.stringify(name)} is encrypted`)
    if (method !== 0 && method !== 8) throw new BadBackupError(`entry ${JSON.stringify(name)} uses an unsupported compression method`)
    const unixType = (external >>> 16) & 0o170000
    if (madeBy === 3 && unixType !== 0 && unixType !== 0o100000) throw new BadBackupError(`entry ${JSON.stringify(name)} is not a regular file (a link or a device)`)
    if (name.endsWith('/')) throw new BadBackupError(`entry ${JSON.stringify(name)} is a folder`)
    if (!isSafeEntryName(name)) throw new BadBackupError(`entry name ${JSON.stringify(name)} is not allowed (absolute, "..", or outside the backup's layout)`)
    if (names.has(name)) throw new BadBackupError(`entry ${JSON.stringify(name)} appears twice`)
    if (offset + 30 > size) throw new BadBackupError(`entry ${JSON.stringify(name)} is out of range`)
    names.add(name)
    entries.push({ name, method, crc, compressedSize, size: uncompressed, offset })
  }
  return entries
}

/** Joins a checked entry name to a folder (the name has passed isSafeEntryName). */
export function entryPath(root: string, name: string): string {
  return join(root, ...name.split('/'))
}
