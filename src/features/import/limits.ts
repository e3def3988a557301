/**
 * The import's limits (README "Import"): what an uploaded export archive may hold before anything is unpacked
 * further. Each is checked against the central directory first and again while inflating, so a header that lies
 * about a size cannot make the reader allocate more than the limit.
 */
import { MULTIPART_BODY_LIMIT } from '../../lib/http/body'
import { MAX_IMAGE_BYTES } from '../clipboard/model'
import { PROFILE_IMAGE_MAX_BYTES } from '../users/model'

const MiB = 1024 * 1024

export const IMPORT_LIMITS = {
  /** the uploaded file: the multipart body cap (16 MiB) */
  compressedBytes: MULTIPART_BODY_LIMIT,
  /** every entry together, uncompressed */
  totalBytes: 256 * MiB,
  entries: 20_000,
  /** data.json, the machine-readable copy the rows are read from */
  dataJsonBytes: 64 * MiB,
  /** a CSV, links.html or feeds.opml */
  textFileBytes: 32 * MiB,
  /** manifest.json, profile.json, one note */
  smallFileBytes: 1 * MiB,
  clipboardImageBytes: MAX_IMAGE_BYTES,
  profileImageBytes: PROFILE_IMAGE_MAX_BYTES,
  /** deflate input is fed in slices this big, so one step inflates at most ~1032× that */
  inflateSliceBytes: 4096,
} as const

/** The cap of one entry, by its name relative to the export folder. */
export function entryCap(name: string): number {
  if (name === 'data.json') return IMPORT_LIMITS.dataJsonBytes
  if (name === 'manifest.json' || name === 'profile.json' || name.startsWith('notes/')) return IMPORT_LIMITS.smallFileBytes
  if (name.startsWith('clipboard/')) return IMPORT_LIMITS.clipboardImageBytes
  if (name.startsWith('profile_image.')) return IMPORT_LIMITS.profileImageBytes
  return IMPORT_LIMITS.textFileBytes
}
