/**
 * profile: the full user object (docs/api/users.md §1, AI key masked) plus `check_in_settings`, in profile.json, and
 * the profile image's bytes as `profile_image.{ext}` when the user has one (decision: an import can restore it).
 */
import { readFile } from 'node:fs/promises'
import { resolveUserFile } from '../../../lib/files'
import { presentFullUser } from '../../users/present'
import type { ExportScope, FeatureWriter } from '../scope'
import { presentCheckInSettings } from '../../users/check-in-settings'

export function profileOf(scope: ExportScope) {
  return {
    ...presentFullUser(scope.deps, scope.user),
    check_in_settings: presentCheckInSettings(scope.user),
  }
}

/** Copies the profile image (at most 2 MB) into the archive; the file name, or undefined when there is none. */
async function writeProfileImage(scope: ExportScope): Promise<string | undefined> {
  const stored = scope.user.profileImagePath
  const ext = stored ? /\.(jpg|png|gif|webp)$/.exec(stored)?.[1] : undefined
  if (!stored || !ext) return undefined
  const bytes = await readFile(resolveUserFile(scope.deps.config.dataDir, stored)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined
    throw err
  })
  if (!bytes) {
    scope.deps.logger.warn('export: profile image file missing, exported without it', { export_id: scope.jobId })
    return undefined
  }
  const name = `profile_image.${ext}`
  const entry = scope.zip.stored(scope.dir + name)
  await entry.write(new Uint8Array(bytes))
  await entry.end()
  return name
}

export const profileWriter: FeatureWriter = {
  async writeFiles(scope) {
    const image = await writeProfileImage(scope)
    await scope.zip.text(`${scope.dir}profile.json`, JSON.stringify(profileOf(scope), null, 2) + '\n')
    return { count: 1, files: image ? ['profile.json', image] : ['profile.json'] }
  },
  data: (scope) => ({ object: profileOf(scope) }),
}
