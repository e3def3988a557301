/**
 * A bounded reader of an uploaded ZIP (README "Import"): the central directory is read and checked whole before
 * any entry is inflated — entry count, names (no `..`, absolute paths, backslashes or control characters),
 * links and other special files, encryption, methods, declared sizes against each entry's cap and the total.
 * Entries are then inflated on demand with fflate's streaming `Inflate`, fed in small slices and stopped as soon
 * as the output passes the declared size, and checked against their CRC-32. ZIP64 records are understood.
 */
import { Inflate } from 'fflate'
import { IMPORT_LIMITS } from './limits'
import { ArchiveRefused, refuse } from './refusal'

export interface ZipEntry {
  name: string
  method: number
  crc: number
  compressedSize: number
  size: number
  localOffset: number
}

const u16 = (b: DataView, at: number) => b.getUint16(at, true)
const u32 = (b: DataView, at: number) => b.getUint32(at, true)
const u64 = (b: DataView, at: number) => Number(b.getBigUint64(at, true))

const NOT_ZIP = 'The file is not a ZIP archive.'
const CORRUPT = (name: string) => `The archive entry "${name}" is damaged or truncated.`
const utf8 = new TextDecoder('utf-8', { fatal: true })

function findEnd(view: DataView): number {
  const min = Math.max(0, view.byteLength - 22 - 65535)
  for (let at = view.byteLength - 22; at >= min; at--) if (u32(view, at) === 0x06054b50) return at
  return refuse(NOT_ZIP)
}

/** Refuses names that could point outside the folder they are unpacked into, or that no export writes. */
export function checkEntryName(name: string): void {
  const bad = name === '' || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)
    || /[\u0000-\u001f\u007f]/.test(name)
    || name.replace(/\/$/, '').split('/').some((part) => part === '' || part === '.' || part === '..')
  if (bad) refuse(`The archive holds an entry with an unsafe name: ${JSON.stringify(name.slice(0, 200))}.`)
}

export class ZipArchive {
  private readonly view: DataView
  readonly entries = new Map<string, ZipEntry>()

  constructor(readonly bytes: Uint8Array, capOf: (name: string) => number) {
    if (bytes.length > IMPORT_LIMITS.compressedBytes) refuse(`The file must not be larger than ${IMPORT_LIMITS.compressedBytes / 1048576} MiB.`)
    if (bytes.length < 22) refuse(NOT_ZIP)
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const view = this.view
    const end = findEnd(view)
    let count = u16(view, end + 10)
    let offset = u32(view, end + 16)
    if (end >= 20 && u32(view, end - 20) === 0x07064b50) {
      const record = u64(view, end - 20 + 8)
      if (record + 56 > bytes.length || u32(view, record) !== 0x06064b50) refuse(NOT_ZIP)
      count = u64(view, record + 32)
      offset = u64(view, record + 48)
    }
    if (count > IMPORT_LIMITS.entries) refuse(`The archive must not hold more than ${IMPORT_LIMITS.entries} entries.`)
    let total = 0
    for (let i = 0; i < count; i++) {
      if (offset + 46 > bytes.length || u32(view, offset) !== 0x02014b50) refuse(NOT_ZIP)
      const flags = u16(view, offset + 8)
      const method = u16(view, offset + 10)
      const nameLength = u16(view, offset + 28)
      const extraLength = u16(view, offset + 30)
      const next = offset + 46 + nameLength + extraLength + u16(view, offset + 32)
      if (next > bytes.length) refuse(NOT_ZIP)
      let name: string
      try {
        name = utf8.decode(bytes.subarray(offset + 46, offset + 46 + nameLength))
      } catch {
        return refuse('The archive holds an entry whose name is not UTF-8.')
      }
      checkEntryName(name)
      const host = u16(view, offset + 4) >> 8
      const fileType = (u32(view, offset + 38) >>> 16) & 0o170000
      if (host === 3 && fileType !== 0 && fileType !== 0o100000 && fileType !== 0o040000) {
        refuse(`The archive entry "${name}" is a link or special file.`)
      }
      if (flags & 1) refuse(`The archive entry "${name}" is encrypted.`)
      if (method !== 0 && method !== 8) refuse(`The archive entry "${name}" uses an unsupported compression method.`)
      let compressedSize = u32(view, offset + 20)
      let size = u32(view, offset + 24)
      let localOffset = u32(view, offset + 42)
      if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
        ;({ size, compressedSize, localOffset } = readZip64(view, offset + 46 + nameLength, extraLength, { size, compressedSize, localOffset }, name))
      }
      if (name.endsWith('/')) {
        if (size !== 0) refuse(CORRUPT(name))
        offset = next
        continue
      }
      if (this.entries.has(name)) refuse(`The archive holds "${name}" twice.`)
      const cap = capOf(name)
      if (size > cap) refuse(`The archive entry "${name}" is larger than its limit of ${formatBytes(cap)}.`)
      total += size
      if (total > IMPORT_LIMITS.totalBytes) refuse(`The archive unpacks to more than ${formatBytes(IMPORT_LIMITS.totalBytes)}.`)
      if (method === 0 && compressedSize !== size) refuse(CORRUPT(name))
      this.entries.set(name, { name, method, crc: u32(view, offset + 16), compressedSize, size, localOffset })
      offset = next
    }
  }

  /** The entry's bytes, inflated within its declared size and checked against its CRC-32. */
  read(name: string): Uint8Array {
    const entry = this.entries.get(name)
    if (!entry) return refuse(`The archive has no "${name}".`)
    const view = this.view
    const at = entry.localOffset
    if (at + 30 > this.bytes.length || u32(view, at) !== 0x04034b50) refuse(CORRUPT(name))
    const start = at + 30 + u16(view, at + 26) + u16(view, at + 28)
    const stop = start + entry.compressedSize
    if (stop > this.bytes.length) refuse(CORRUPT(name))
    const data = entry.method === 0 ? this.bytes.slice(start, stop) : inflateBounded(this.bytes.subarray(start, stop), entry.size, name)
    if (data.length !== entry.size || (Bun.hash.crc32(data) >>> 0) !== entry.crc) refuse(CORRUPT(name))
    return data
  }
}

function readZip64(view: DataView, at: number, length: number, values: { size: number; compressedSize: number; localOffset: number }, name: string) {
  const out = { ...values }
  for (let p = at; p + 4 <= at + length;) {
    const id = u16(view, p)
    const size = u16(view, p + 2)
    if (id === 0x0001) {
      let q = p + 4
      const take = () => {
        if (q + 8 > p + 4 + size) refuse(CORRUPT(name))
        const v = u64(view, q)
        q += 8
        return v
      }
      if (out.size === 0xffffffff) out.size = take()
      if (out.compressedSize === 0xffffffff) out.compressedSize = take()
      if (out.localOffset === 0xffffffff) out.localOffset = take()
      return out
    }
    p += 4 + size
  }
  return refuse(CORRUPT(name))
}

function inflateBounded(input: Uint8Array, expected: number, name: string): Uint8Array {
  const out = new Uint8Array(expected)
  let written = 0
  let ended = false
  const inflate = new Inflate((chunk, final) => {
    if (written + chunk.length > expected) refuse(CORRUPT(name))
    out.set(chunk, written)
    written += chunk.length
    if (final) ended = true
  })
  try {
    const slice = IMPORT_LIMITS.inflateSliceBytes
    for (let p = 0; p < input.length; p += slice) {
      const end = Math.min(p + slice, input.length)
      inflate.push(input.subarray(p, end), end === input.length)
    }
    if (input.length === 0) inflate.push(new Uint8Array(0), true)
  } catch (err) {
    if (err instanceof ArchiveRefused) throw err
    refuse(CORRUPT(name))
  }
  if (!ended || written !== expected) refuse(CORRUPT(name))
  return out
}

export function formatBytes(n: number): string {
  return n >= 1048576 ? `${n / 1048576} MiB` : `${n / 1024} KiB`
}
