import type { Deps } from '../../lib/deps'
import { iso } from '../../lib/clock'
import { decryptSecret } from '../../lib/crypto'
import { publicFileUrl } from '../../lib/files'
import type { UserRow } from './schema'

/** docs/api/auth.md §1.1 — the user summary of login, refresh and the admin endpoints. */
export function presentUserSummary(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    confirmed: user.emailVerifiedAt !== null,
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
  }
}

/** docs/api/users.md §1.1 */
export function presentProfile(deps: Pick<Deps, 'config'>, user: Pick<UserRow, 'profileImagePath'>) {
  return {
    profile_image_path: user.profileImagePath,
    profile_image_url: publicFileUrl(deps.config.publicUrl, user.profileImagePath),
  }
}

/**
 * The stored AI key shown masked: "…" + last 4 characters; keys under 8 characters show as "…" alone.
 * Characters are code points (docs/api/conventions.md §2.5), so a key never shows half a surrogate pair.
 */
export function maskedAiKey(deps: Pick<Deps, 'appKey' | 'logger'>, user: Pick<UserRow, 'id' | 'aiKeyCipher'>): string | null {
  if (!user.aiKeyCipher) return null
  const plain = decryptSecret(deps.appKey, user.aiKeyCipher)
  if (plain === undefined) {
    deps.logger.warn('stored AI-provider key cannot be decrypted (APP_KEY changed?); treated as absent', { user_id: user.id })
    return null
  }
  const chars = [...plain]
  return chars.length < 8 ? '…' : '…' + chars.slice(-4).join('')
}

/** docs/api/users.md §1 — the full user object of users/me and passkey sign-in. */
export function presentFullUser(deps: Pick<Deps, 'config' | 'appKey' | 'logger'>, user: UserRow) {
  const masked = maskedAiKey(deps, user)
  return {
    ...presentUserSummary(user),
    profile: presentProfile(deps, user),
    settings: {
      language: user.language,
      timezone: user.timezone,
      date_format: user.dateFormat,
      time_format: user.timeFormat,
      navigation: user.navigation,
      ai_enabled: masked !== null,
      openai_api_key: masked,
      first_visit: user.firstVisit,
      temperature_unit: user.temperatureUnit,
      weather_city: user.weatherCity,
      weather_latitude: user.weatherLatitude,
      weather_longitude: user.weatherLongitude,
    },
    pending_email: user.pendingEmail,
  }
}
