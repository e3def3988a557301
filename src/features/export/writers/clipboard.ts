/**
 * clipboard: the image files (stored, not deflated) under `clipboard/{id}.{ext}`, then clipboard.csv, and the
 * clipboard entries of docs/api/clipboard.md §1 with `export_file`. Images go first so the CSV and data.json know which
 * files really made it into the archive (an image missing on disk gets no file and `export_file: null`).
 */
import { open } from 'node:fs/promises'
import { iso } from '../../../lib/clock'
import { regularUserFile } from '../../../lib/files'
import { presentClipboardEntry } from '../../clipboard/present'
import type { ClipboardRow } from '../../clipboard/schema'
import { clipboardPages, mapPages } from '../readers'
import type { ExportScope, FeatureWriter } from '../scope'
import { writeCsvFile } from './text-file'

const HEADER = ['ID', 'Type', 'Content', 'File', 'MIME Type', 'Size Bytes', 'Created At']
const READ_CHUNK = 256 * 1024
const EXT_BY_MIME: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' }

/** `clipboard/{id}.{ext}` for an image entry whose file is in the archive, else null. */
export function exportFileOf(scope: ExportScope, row: ClipboardRow): string | null {
  if (row.type !== 'image' || !row.filePath || scope.missingImages.has(row.id)) return null
  const ext = (row.mimeType && EXT_BY_MIME[row.mimeType]) ?? /\.([a-z0-9]+)$/.exec(row.filePath)?.[1] ?? 'bin'
  return `clipboard/${row.id}.${ext}`
}

/**
 * Copies one image into the archive in chunks; false when its file is gone or is not a regular file inside the
 * files folder (a planted symlink must not copy the database into an archive, a FIFO must not hang the job).
 */
async function copyImage(scope: ExportScope, row: ClipboardRow, name: string): Promise<boolean> {
  const found = await regularUserFile(scope.deps.config.dataDir, row.filePath!)
  const handle = found && await open(found.path, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined
    throw err
  })
  if (!handle) return false
  try {
    const size = (await handle.stat()).size
    const entry = scope.zip.stored(scope.dir + name)
    let done = 0
    while (done < size) {
      // Sized to what is left, so a small image never pins a large buffer while the sink batches it.
      const buffer = new Uint8Array(Math.min(READ_CHUNK, size - done))
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, done)
      if (bytesRead === 0) break
      await entry.write(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead))
      done += bytesRead
    }
    await entry.end()
    return true
  } finally {
    await handle.close()
  }
}

async function writeImages(scope: ExportScope): Promise<number> {
  let written = 0
  for await (const page of clipboardPages(scope, true)) {
    for (const row of page) {
      const name = row.filePath ? exportFileOf(scope, row) : null
      if (name && await copyImage(scope, row, name)) {
        written += 1
      } else {
        scope.missingImages.add(row.id)
        scope.deps.logger.warn('export: clipboard image file missing, exported without it', { export_id: scope.jobId, clipboard_id: row.id })
      }
      await scope.checkpoint()
    }
  }
  return written
}

export const clipboardWriter: FeatureWriter = {
  async writeFiles(scope) {
    const images = await writeImages(scope)
    const count = await writeCsvFile(scope, 'clipboard.csv', HEADER, clipboardPages(scope), (row) => [
      row.id, row.type, row.content, exportFileOf(scope, row), row.mimeType, row.sizeBytes, iso(row.createdAt),
    ])
    return { count, files: images > 0 ? ['clipboard.csv', 'clipboard/'] : ['clipboard.csv'] }
  },
  data: (scope) => ({
    pages: mapPages(clipboardPages(scope), (row) => ({ ...presentClipboardEntry(scope.deps, row), export_file: exportFileOf(scope, row) })),
  }),
}
