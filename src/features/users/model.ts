import { pageFields } from '../../lib/http/pagination'
import { f, queryRules, rules } from '../../lib/validation'

/**
 * The inputs of the profile image and the admin list (docs/api/users.md §3, 8.1). The settings endpoints have theirs in
 * settings-model.ts; password changes and account updates belong to auth (account-model.ts).
 */
export const PROFILE_IMAGE_MAX_BYTES = 2_097_152

/** A multipart part that holds a file with bytes; a plain string or an empty file counts as missing. */
export const isNonEmptyFile = (v: unknown): v is Blob => v instanceof Blob && v.size > 0

/**
 * docs/api/users.md §3: the image part, also accepted as `profile_image` (web client; the verb reads the name that
 * holds a file). Kept raw: trimming would turn the file into an empty object. What the bytes must be is checked by
 * the verb.
 */
export const ProfileImageBody = rules({
  image: f.any().required().raw().check<Blob>((v, a) => isNonEmptyFile(v) ? undefined : `The ${a} field is required.`, {
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, GIF or WebP, at most 2 MB (alias part name: profile_image)',
  }),
})

export const USERS_MAX_PER_PAGE = 200

/** docs/api/users.md §8.1: the page and an optional search over name and e-mail. */
export const AdminListQuery = queryRules({
  ...pageFields(USERS_MAX_PER_PAGE),
  q: f.string().max(255).describe('keep users whose name or e-mail contains this (case-insensitive)'),
})
