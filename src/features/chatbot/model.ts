import { t } from 'elysia'
import { Envelope } from '../../lib/http/schemas'

/** The connection object of chatbot.md 2. */
export const Connection = t.Object({
  token: t.String(),
  token_expires_at: t.String(),
  is_confirmed: t.Boolean(),
  chat_id: t.Nullable(t.String()),
  your_day_alert: t.Boolean(),
  check_in_alert: t.Boolean(),
})

export const ConnectionEnvelope = Envelope(Connection)
export const MaybeConnectionEnvelope = Envelope(t.Nullable(Connection))

export const YourDayAlertBody = t.Object({
  your_day_alert: t.Optional(t.Nullable(t.Boolean({ description: 'absent or null toggles the current value' }))),
})

export const CheckInAlertBody = t.Object({
  check_in_alert: t.Optional(t.Nullable(t.Boolean({ description: 'absent or null toggles the current value' }))),
})
