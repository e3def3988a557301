/** profile: the full user object (users.md 1, AI key masked) plus `check_in_settings`, in profile.json. */
import { presentFullUser } from '../../users/present'
import type { ExportScope, FeatureWriter } from '../scope'
import { presentCheckInSettings } from '../../users/check-in-settings'

export function profileOf(scope: ExportScope) {
  return {
    ...presentFullUser(scope.deps, scope.user),
    check_in_settings: presentCheckInSettings(scope.user),
  }
}

export const profileWriter: FeatureWriter = {
  async writeFiles(scope) {
    await scope.zip.text(`${scope.dir}profile.json`, JSON.stringify(profileOf(scope), null, 2) + '\n')
    return { count: 1, files: ['profile.json'] }
  },
  data: (scope) => ({ object: profileOf(scope) }),
}
