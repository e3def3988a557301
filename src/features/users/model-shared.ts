import { t } from 'elysia'

/** Response schemas of the user objects, shared by auth (login, passkey sign-in) and users. */
export const UserSummary = t.Object({
  id: t.String(),
  name: t.String(),
  email: t.String(),
  role: t.String(),
  confirmed: t.Boolean(),
  created_at: t.String(),
  updated_at: t.String(),
})

export const Profile = t.Object({
  profile_image_path: t.Nullable(t.String()),
  profile_image_url: t.Nullable(t.String()),
})

export const Settings = t.Object({
  language: t.String(),
  timezone: t.String(),
  date_format: t.String(),
  time_format: t.String(),
  navigation: t.Nullable(t.String()),
  ai_enabled: t.Boolean(),
  openai_api_key: t.Nullable(t.String()),
  first_visit: t.Boolean(),
  temperature_unit: t.String(),
  weather_city: t.Nullable(t.String()),
  weather_latitude: t.Nullable(t.Number()),
  weather_longitude: t.Nullable(t.Number()),
})

export const FullUser = t.Object({
  ...UserSummary.properties,
  profile: Profile,
  settings: Settings,
})
