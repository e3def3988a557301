/**
 * Writes a backup archive: a ZIP (streamed with the export's writer: bounded memory, ZIP64 when needed) of the
 * database snapshot (deflated), the files folder (stored: images are compressed already), `app.key`, and last the
 * manifest with every entry's size and SHA-256, hashed while the bytes stream through.
 */
import { lstat, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { VERSION } from '../../version'
import { FileSink } from '../../lib/zip/file-sink'
import { ZipWriter, type ZipEntry } from '../../lib/zip/zip-writer'
import { createHeapGuard } from '../../lib/heap-guard'
import {
  APP_KEY_ENTRY, DATABASE_ENTRY, FORMAT, FORMAT_VERSION, MANIFEST_NAME, type Manifest, type ManifestFile, type SchemaVersion,
} from './manifest'
import type { FileListing } from './snapshot'

const READ_CHUNK = 256 * 1024

/** A regular file below the data folder's `files/`, with its entry name (`files/…`). */
export interface DataFile extends FileListing { path: string }

/**
 * Every regular file below `$DATA_DIR/files`, sorted by name. Symlinks, sockets and the `.tmp` files of a write in
 * progress are left out; a file that disappears while listing is skipped.
 */
export async function listDataFiles(dataDir: string): Promise<DataFile[]> {
  const found: DataFile[] = []
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return []
      throw err
    })
    for (const entry of entries) {
      const path = join(dir, entry.name)
      const name = `${prefix}${entry.name}`
      if (entry.isDirectory()) await walk(path, `${name}/`)
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        const info = await lstat(path).catch(() => undefined)
        if (info?.isFile()) found.push({ path, name, size: info.size, mtimeMs: info.mtimeMs })
      }
    }
  }
  await walk(join(dataDir, 'files'), 'files/')
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

export interface ArchiveInput {
  snapshotPath: string
  files: DataFile[]
  appKey: Buffer
  schemaVersion: SchemaVersion
  createdAt: number
  /** called between entries and between the database's chunks: lets the event loop breathe and a stop interrupt the archive */
  checkpoint?: () => Promise<void>
  /** the heap guard of the job writing the archive (default: one of its own) */
  relieveHeap?: () => void
}

/** What runs before each chunk a file is read in. */
interface Step { relieveHeap: () => void; checkpoint?: () => Promise<void> }

/**
 * Streams one file into a new entry, hashing it. The file is opened before the entry is begun: a user file deleted
 * after it was listed is skipped (undefined), and once open, its bytes stay readable even if it is deleted.
 * Reads are sized to the file (at most READ_CHUNK): a few-KB image must not cost two 256 KiB buffers, a thousand
 * times over. `step` is the archive's own: one heap guard, so garbage left by many small files counts too, and its
 * checkpoint before every chunk, so a stop does not wait for the whole database to be deflated.
 */
async function streamFile(path: string, begin: () => ZipEntry, step: Step): Promise<{ size: number; sha256: string } | undefined> {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
  try {
    const entry = begin()
    const hash = createHash('sha256')
    const readBytes = Math.max(1, Math.min(READ_CHUNK, (await handle.stat()).size))
    let size = 0
    for (;;) {
      step.relieveHeap()
      await step.checkpoint?.()
      // A fresh buffer per chunk: the writer may keep it until its batch is written out.
      const chunk = new Uint8Array(readBytes)
      const { bytesRead } = await handle.read(chunk, 0, readBytes, null)
      if (bytesRead === 0) break
      const bytes = chunk.subarray(0, bytesRead)
      hash.update(bytes)
      size += bytesRead
      await entry.write(bytes)
    }
    await entry.end()
    return { size, sha256: hash.digest('hex') }
  } finally {
    await handle.close()
  }
}

/** Writes the archive to `partPath` (created 0600, synced) and returns its size and manifest. */
export async function writeBackupArchive(partPath: string, input: ArchiveInput): Promise<{ size: number; manifest: Manifest }> {
  const sink = await FileSink.create(partPath)
  try {
    const zip = new ZipWriter(sink, { mtime: input.createdAt })
    const step: Step = { relieveHeap: input.relieveHeap ?? createHeapGuard(), checkpoint: input.checkpoint }
    const listed: ManifestFile[] = []
    const db = await streamFile(input.snapshotPath, () => zip.deflated(DATABASE_ENTRY), step)
    if (!db) throw new Error('the database snapshot vanished while it was archived')
    listed.push({ name: DATABASE_ENTRY, ...db })
    const keyText = input.appKey.toString('hex') + '\n'
    await zip.text(APP_KEY_ENTRY, keyText)
    listed.push({ name: APP_KEY_ENTRY, size: Buffer.byteLength(keyText), sha256: createHash('sha256').update(keyText).digest('hex') })
    for (const file of input.files) {
      const written = await streamFile(file.path, () => zip.stored(file.name), step)
      if (written) listed.push({ name: file.name, ...written })
    }
    const manifest: Manifest = {
      format: FORMAT,
      format_version: FORMAT_VERSION,
      daybook_version: VERSION,
      schema_version: input.schemaVersion,
      created_at: new Date(input.createdAt).toISOString(),
      files: listed,
    }
    await zip.text(MANIFEST_NAME, JSON.stringify(manifest, null, 2) + '\n')
    await zip.finish()
    await sink.close()
    return { size: (await stat(partPath)).size, manifest }
  } catch (err) {
    await sink.abort()
    await rm(partPath, { force: true }).catch(() => {})
    throw err
  }
}
