import { t } from 'elysia'

/** Response and (documented) request schemas of the users feature; the response schemas are the public shape. */
export const PublicProfile = t.Object({
  id: t.String(),
  name: t.String(),
  profile_image_path: t.Nullable(t.String()),
  profile_image_url: t.Nullable(t.String()),
  is_friend: t.Boolean(),
  friends_since: t.Nullable(t.String()),
})

export const CheckInSettings = t.Object({
  enabled_trackers: t.Array(t.String()),
  selected_sports: t.Array(t.String()),
})

export const ChangePasswordBody = t.Object({
  current_password: t.String(),
  new_password: t.String({ minLength: 12, maxLength: 1024 }),
  new_password_confirmation: t.String(),
})

export const NavigationBody = t.Object({ navigation: t.Union([t.String(), t.Record(t.String(), t.Unknown())]) })
export const TimezoneBody = t.Object({ timezone: t.String({ maxLength: 255, examples: ['Europe/Berlin'] }) })
export const LanguageBody = t.Object({ language: t.UnionEnum(['en', 'de', 'fr', 'es']) })
export const DateFormatBody = t.Object({ date_format: t.UnionEnum(['dd.mm.YYYY', 'dd.mm.YY', 'YYYY/mm/dd', 'YY/mm/dd', 'YYYY-mm-dd', 'YY-mm-dd']) })
export const TimeFormatBody = t.Object({ time_format: t.UnionEnum(['H:i', 'g:i A', 'g:i a']) })
export const TemperatureUnitBody = t.Object({ temperature_unit: t.UnionEnum(['c', 'f']) })
export const WeatherCityBody = t.Object({
  city: t.String({ maxLength: 255 }),
  lat: t.Optional(t.Number({ minimum: -90, maximum: 90, description: 'alias: latitude' })),
  lon: t.Optional(t.Number({ minimum: -180, maximum: 180, description: 'alias: longitude' })),
})
export const AiKeyBody = t.Object({
  key: t.Optional(t.Nullable(t.String({ maxLength: 255, description: 'alias: api_key; null or empty deletes the stored key' }))),
})
export const CheckInSettingsBody = CheckInSettings

export const ProfileImageBody = t.Object({
  image: t.Optional(t.File({ description: 'JPEG, PNG, GIF or WebP, at most 2 MB (alias part name: profile_image)' })),
})

export const AdminUpdateBody = t.Object({
  name: t.Optional(t.String({ maxLength: 255 })),
  email: t.Optional(t.String({ format: 'email' })),
  password: t.Optional(t.String({ minLength: 12, maxLength: 1024 })),
  password_confirmation: t.Optional(t.String()),
  current_password: t.Optional(t.String({ description: "the caller's own password; required with password" })),
  role: t.Optional(t.UnionEnum(['user', 'admin', 'super_admin'])),
  confirmed: t.Optional(t.Boolean()),
})
