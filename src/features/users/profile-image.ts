/**
 * Profile image upload (users.md §3): the bytes decide the type (never the declared type or file name), the
 * file is stored unchanged under a random name, the row points at it, and only then is the old file removed.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { fieldError } from '../../lib/errors'
import { attribute } from '../../lib/validation'
import { detectImage } from '../../lib/images'
import { deleteUserFile, storeUserFile } from '../../lib/files'
import { errorFields } from '../../lib/logger'
import { presentProfile } from './present'
import { users } from './schema'

export const PROFILE_IMAGE_MAX_BYTES = 2_097_152

/** The multipart parts the image may come in; `image` wins over `profile_image` (web client). */
export interface ProfileImageParts { image: unknown; profile_image: unknown }

const isNonEmptyFile = (v: unknown): v is Blob => v instanceof Blob && v.size > 0

export async function updateProfileImage(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>, actor: Actor, parts: ProfileImageParts) {
  const field = isNonEmptyFile(parts.image) ? 'image' : isNonEmptyFile(parts.profile_image) ? 'profile_image' : undefined
  if (!field) throw fieldError('image', 'The image field is required.')
  const bytes = new Uint8Array(await (parts[field] as Blob).arrayBuffer())
  const info = detectImage(bytes)
  if (!info) throw fieldError(field, `The ${attribute(field)} field must be an image.`)
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) {
    throw fieldError(field, `The ${attribute(field)} field must not be greater than ${PROFILE_IMAGE_MAX_BYTES / 1024} kilobytes.`)
  }

  const { dataDir } = deps.config
  const userId = actor.user.id
  const path = await storeUserFile(dataDir, userId, 'profile', info.ext, bytes)
  let previous: string | null
  try {
    // Read and replace in one transaction, so concurrent uploads each delete the file they replaced.
    previous = deps.db.transaction((tx) => {
      const row = tx.select({ path: users.profileImagePath }).from(users).where(eq(users.id, userId)).get()
      tx.update(users).set({ profileImagePath: path, updatedAt: deps.clock.now() }).where(eq(users.id, userId)).run()
      return row?.path ?? null
    })
  } catch (err) {
    await deleteUserFile(dataDir, path)
    throw err
  }
  await deleteUserFile(dataDir, previous).catch((err) => {
    deps.logger.warn('previous profile image could not be deleted', { user_id: userId, ...errorFields(err) })
  })
  return presentProfile(deps, { profileImagePath: path })
}
