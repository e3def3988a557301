/**
 * What the shared ZIP reader found wrong with an archive's structure. It has no wording of its own: each feature
 * turns a fault into its own error and message (an import's 422, a refused restore), so what users read stays
 * each feature's. `entry` is set when one entry is at fault rather than the archive as a whole.
 */
export type ZipFault =
  /** shorter than an end of central directory record */
  | 'too-short'
  | 'no-end-record'
  | 'zip64-record-out-of-range'
  | 'zip64-record-missing'
  /** a central header out of bounds or without its signature */
  | 'directory-corrupt'
  /** a value the central header defers to ZIP64 is not in its extra field */
  | 'zip64-field-malformed'
  | 'no-local-header'
  /** the entry's data runs past the end of the archive */
  | 'data-out-of-range'
  /** more bytes came out than the central directory declares; unpacking stopped there */
  | 'larger-than-declared'
  /** the deflate stream is broken (`detail`: what the inflater said) */
  | 'corrupt-data'
  | 'size-mismatch'
  | 'crc-mismatch'

export class ZipFormatError extends Error {
  override name = 'ZipFormatError'

  constructor(readonly fault: ZipFault, readonly entry?: string, readonly detail?: string) {
    super(entry === undefined ? fault : `${fault}: ${entry}`)
  }
}
