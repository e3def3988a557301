import { t } from 'elysia'
import type { Role } from '../../lib/actor'
import { DATE_FORMATS, LANGUAGES, TEMPERATURE_UNITS, TIME_FORMATS } from './setting-values'

export const ROLES = ['user', 'admin', 'super_admin'] as const satisfies readonly Role[]

/**
 * Response schemas of the user objects, shared by auth (login, passkey sign-in) and users. A value every write
 * checks against a list is answered as that list (an enum in the document, a union in the web app's types).
 */
export const UserSummary = t.Object({
  id: t.String(),
  name: t.String(),
  email: t.String(),
  role: t.UnionEnum(ROLES),
  confirmed: t.Boolean(),
  created_at: t.String(),
  updated_at: t.String(),
})

export const Profile = t.Object({
  profile_image_path: t.Nullable(t.String()),
  profile_image_url: t.Nullable(t.String()),
})

export const Settings = t.Object({
  language: t.UnionEnum(LANGUAGES),
  timezone: t.String(),
  date_format: t.UnionEnum(DATE_FORMATS),
  time_format: t.UnionEnum(TIME_FORMATS),
  navigation: t.Nullable(t.String()),
  ai_enabled: t.Boolean(),
  openai_api_key: t.Nullable(t.String()),
  first_visit: t.Boolean(),
  temperature_unit: t.UnionEnum(TEMPERATURE_UNITS),
  weather_city: t.Nullable(t.String()),
  weather_latitude: t.Nullable(t.Number()),
  weather_longitude: t.Nullable(t.Number()),
})

export const FullUser = t.Object({
  ...UserSummary.properties,
  profile: Profile,
  settings: Settings,
  /** a new address waiting for its confirmation link (docs/api/users.md §2.1), else null */
  pending_email: t.Nullable(t.String()),
})
