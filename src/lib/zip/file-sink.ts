/**
 * The archive's output file. Chunks are collected synchronously (fflate calls back synchronously) and written
 * out once about 1 MiB has gathered; producers await `drain()` after each push, which is the backpressure:
 * memory holds at most one batch, whatever the size of the archive.
 */
import { open, type FileHandle } from 'node:fs/promises'

const BATCH_BYTES = 1024 * 1024

export class FileSink {
  /** bytes handed to the sink so far (written or batched): the offset of the next chunk in the file */
  position = 0
  private batch: Uint8Array[] = []
  private batched = 0

  private constructor(private handle: FileHandle) {}

  /** Creates (or truncates) the file. */
  static async create(path: string): Promise<FileSink> {
    return new FileSink(await open(path, 'w', 0o600))
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return
    this.batch.push(chunk)
    this.batched += chunk.length
    this.position += chunk.length
  }

  /** Writes the batch out when it is large enough (or always with `force`). */
  async drain(force = false): Promise<void> {
    if (this.batched === 0 || (!force && this.batched < BATCH_BYTES)) return
    const data = this.batch.length === 1 ? this.batch[0]! : Buffer.concat(this.batch, this.batched)
    this.batch = []
    this.batched = 0
    let offset = 0
    while (offset < data.length) {
      const { bytesWritten } = await this.handle.write(data, offset, data.length - offset)
      offset += bytesWritten
    }
  }

  /** Flushes, syncs to disk (the file is renamed into place next) and closes. */
  async close(): Promise<void> {
    await this.drain(true)
    await this.handle.datasync()
    await this.handle.close()
  }

  /** Closes without flushing; the caller deletes the partial file. */
  async abort(): Promise<void> {
    this.batch = []
    this.batched = 0
    await this.handle.close().catch(() => {})
  }
}
