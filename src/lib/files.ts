import { join, resolve, sep } from 'node:path'
import { lstat, mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir'
import { randomHex } from './crypto'

export type ImageExt = 'jpg' | 'png' | 'gif' | 'webp'

/** Where user files live: $DATA_DIR/files/user/{user_id}/{kind}/{32 hex}.{ext} (docs/configuration.md §2). */
export function userFilesRoot(dataDir: string): string {
  return join(dataDir, 'files', 'user')
}

/** Resolves a stored relative path, refusing anything that would leave the user-files folder. */
export function resolveUserFile(dataDir: string, relative: string): string {
  const root = resolve(userFilesRoot(dataDir))
  const full = resolve(root, relative)
  if (!full.startsWith(root + sep)) throw new Error('path escapes the data folder')
  return full
}

/**
 * The real path and size of the user file at `relative` (below files/user), only if it is a regular file whose
 * real path is exactly the one named: a symlink anywhere below files/user (to the database, to another image, a
 * linked user or kind folder) changes the real path, and a FIFO, device or directory is not a regular file.
 * The data folder itself may sit behind a symlink. Callers open the returned path again; only the folder's owner
 * could swap a link in between.
 */
export async function regularUserFile(dataDir: string, relative: string): Promise<{ path: string; size: number } | undefined> {
  const root = userFilesRoot(dataDir)
  const missing = () => undefined
  const realRoot = await realpath(root).catch(missing)
  const real = await realpath(join(root, relative)).catch(missing)
  if (realRoot === undefined || real !== join(realRoot, relative)) return undefined
  const stats = await lstat(real).catch(missing)
  return stats?.isFile() ? { path: real, size: stats.size } : undefined
}

/** A new random name (never a user-supplied one) for a user's file, relative to files/user. */
export function newUserFilePath(userId: string, kind: 'profile' | 'clipboard', ext: ImageExt): string {
  return `${userId}/${kind}/${randomHex(16)}.${ext}`
}

/** Writes bytes at `relative` atomically: temp file, then rename. */
export async function writeUserFile(dataDir: string, relative: string, bytes: Uint8Array): Promise<void> {
  const full = resolveUserFile(dataDir, relative)
  await mkdir(join(full, '..'), { recursive: true, mode: PRIVATE_DIR_MODE })
  const temp = `${full}.${randomHex(4)}.tmp`
  await writeFile(temp, bytes, { mode: PRIVATE_FILE_MODE })
  await rename(temp, full)
}

/**
 * Writes bytes under a new random name. Returns the path relative to files/user, as stored in the database and
 * used in /storage/user URLs.
 */
export async function storeUserFile(dataDir: string, userId: string, kind: 'profile' | 'clipboard', ext: ImageExt, bytes: Uint8Array): Promise<string> {
  const relative = newUserFilePath(userId, kind, ext)
  await writeUserFile(dataDir, relative, bytes)
  return relative
}

export async function deleteUserFile(dataDir: string, relative: string | null | undefined): Promise<void> {
  if (!relative) return
  await rm(resolveUserFile(dataDir, relative), { force: true })
}

export async function deleteUserFolder(dataDir: string, userId: string): Promise<void> {
  await rm(resolveUserFile(dataDir, userId), { recursive: true, force: true })
}

export function publicFileUrl(publicUrl: string, relative: string | null): string | null {
  return relative === null ? null : `${publicUrl}/storage/user/${relative}`
}
