/**
 * Profile image upload (docs/api/users.md §3): the bytes decide the type (never the declared type or file name), the
 * file is stored unchanged under a random name, the row points at it, and only then is the old file removed.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { fieldError } from '../../lib/errors'
import { attribute, type Unchecked } from '../../lib/validation'
import { detectImage, type ImageInfo } from '../../lib/images'
import { deleteUserFile, storeUserFile } from '../../lib/files'
import { errorFields } from '../../lib/logger'
import { presentProfile } from './present'
import { users } from './schema'
import { PROFILE_IMAGE_MAX_BYTES, ProfileImageBody, isNonEmptyFile } from './model'

/** What a profile image's bytes must be (docs/api/users.md §3); also applied to the image of an imported export. */
export function checkProfileImageBytes(bytes: Uint8Array, field = 'image'): ImageInfo {
  const info = detectImage(bytes)
  if (!info) throw fieldError(field, `The ${attribute(field)} field must be an image.`)
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) {
    throw fieldError(field, `The ${attribute(field)} field must not be greater than ${PROFILE_IMAGE_MAX_BYTES / 1024} kilobytes.`)
  }
  return info
}

/**
 * `body` holds the multipart fields: the image comes as `image` or `profile_image` (web client), each a file, a
 * plain string or nothing; `image` wins, and a missing image is reported as `image`.
 */
export async function updateProfileImage(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>, actor: Actor, body: Unchecked<typeof ProfileImageBody>) {
  const field = !isNonEmptyFile(body.image) && isNonEmptyFile(body.profile_image) ? 'profile_image' : 'image'
  const { image: file } = ProfileImageBody.validate(body, { image: field })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const info = checkProfileImageBytes(bytes, field)

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
