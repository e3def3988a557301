/**
 * The central directory's headers (PKWARE APPNOTE 4.3.12), parsed with bounds checks and ZIP64 sizes resolved.
 * Only what every reader must know is decided here; which names, types, methods and sizes are acceptable is
 * each feature's policy, checked on each entry as it is yielded.
 */
import { ZipFormatError } from './format-error'

const CENTRAL_HEADER = 0x02014b50
const CENTRAL_HEADER_BYTES = 46
const ZIP64_EXTRA = 0x0001
const MAX32 = 0xffffffff
const MADE_ON_UNIX = 3
const FILE_TYPE_MASK = 0o170000
const REGULAR_FILE = 0o100000
const DIRECTORY = 0o040000

export interface CentralEntry {
  name: string
  /** false when the name is not valid UTF-8; `name` then has U+FFFD in place of what is not */
  nameIsUtf8: boolean
  encrypted: boolean
  compression: 'stored' | 'deflated' | 'unsupported'
  crc: number
  compressedSize: number
  size: number
  /** where the entry's local header starts */
  localOffset: number
  /** by the Unix mode in the external attributes; 'unspecified' when made elsewhere or without a type */
  fileType: 'unspecified' | 'regular' | 'directory' | 'link-or-special'
}

type Sizes = Pick<CentralEntry, 'size' | 'compressedSize' | 'localOffset'>

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true })

/**
 * The `count` headers at the start of `directory`, one at a time: a header that is out of bounds is only a fault
 * once the entries before it have been yielded, so a caller's checks run in archive order.
 */
export function* centralEntries(directory: Uint8Array, count: number): Generator<CentralEntry> {
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength)
  const u16 = (at: number) => view.getUint16(at, true)
  const u32 = (at: number) => view.getUint32(at, true)
  for (let i = 0, at = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_BYTES > directory.length || u32(at) !== CENTRAL_HEADER) throw new ZipFormatError('directory-corrupt')
    const nameStart = at + CENTRAL_HEADER_BYTES
    const extraStart = nameStart + u16(at + 28)
    const extraEnd = extraStart + u16(at + 30)
    const next = extraEnd + u16(at + 32)
    if (next > directory.length) throw new ZipFormatError('directory-corrupt')
    const nameBytes = directory.subarray(nameStart, extraStart)
    let name: string
    let nameIsUtf8 = true
    try {
      name = strictUtf8.decode(nameBytes)
    } catch {
      name = lenientUtf8.decode(nameBytes)
      nameIsUtf8 = false
    }
    const sizes = { size: u32(at + 24), compressedSize: u32(at + 20), localOffset: u32(at + 42) }
    const method = u16(at + 10)
    yield {
      name,
      nameIsUtf8,
      encrypted: (u16(at + 8) & 1) !== 0,
      compression: method === 0 ? 'stored' : method === 8 ? 'deflated' : 'unsupported',
      crc: u32(at + 16),
      ...withZip64Sizes(view, extraStart, extraEnd, sizes, name),
      fileType: fileTypeOf(u16(at + 4) >> 8, u32(at + 38)),
    }
    at = next
  }
}

/** Sizes and offset at their 32-bit placeholder come from the ZIP64 extra field, in APPNOTE's order. */
function withZip64Sizes(view: DataView, extraStart: number, extraEnd: number, sizes: Sizes, name: string): Sizes {
  if (sizes.size !== MAX32 && sizes.compressedSize !== MAX32 && sizes.localOffset !== MAX32) return sizes
  for (let at = extraStart; at + 4 <= extraEnd; at += 4 + view.getUint16(at + 2, true)) {
    if (view.getUint16(at, true) !== ZIP64_EXTRA) continue
    const fieldEnd = Math.min(at + 4 + view.getUint16(at + 2, true), extraEnd)
    let next = at + 4
    const take = () => {
      if (next + 8 > fieldEnd) throw new ZipFormatError('zip64-field-malformed', name)
      next += 8
      return Number(view.getBigUint64(next - 8, true))
    }
    const out = { ...sizes }
    if (out.size === MAX32) out.size = take()
    if (out.compressedSize === MAX32) out.compressedSize = take()
    if (out.localOffset === MAX32) out.localOffset = take()
    return out
  }
  throw new ZipFormatError('zip64-field-malformed', name)
}

function fileTypeOf(madeBy: number, externalAttributes: number): CentralEntry['fileType'] {
  const type = (externalAttributes >>> 16) & FILE_TYPE_MASK
  if (madeBy !== MADE_ON_UNIX || type === 0) return 'unspecified'
  if (type === REGULAR_FILE) return 'regular'
  return type === DIRECTORY ? 'directory' : 'link-or-special'
}
