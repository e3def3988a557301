/** profile: the full user object (users.md 1, AI key masked) plus `check_in_settings`, in profile.json. */
import { presentFullUser } from '../../users/present'
import type { ExportScope, FeatureWriter } from '../scope'

function list(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export function profileOf(scope: ExportScope) {
  return {
    ...presentFullUser(scope.deps, scope.user),
    check_in_settings: { enabled_trackers: list(scope.user.enabledTrackers), selected_sports: list(scope.user.selectedSports) },
  }
}

export const profileWriter: FeatureWriter = {
  async writeFiles(scope) {
    await scope.zip.text(`${scope.dir}profile.json`, JSON.stringify(profileOf(scope), null, 2) + '\n')
    return { count: 1, files: ['profile.json'] }
  },
  data: (scope) => ({ object: profileOf(scope) }),
}
