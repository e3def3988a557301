import { t } from 'elysia'
import { Envelope } from '../../lib/http/schemas'
import { f, rules } from '../../lib/validation'

/** The connection object of docs/api/chatbot.md §2. */
export const Connection = t.Object({
  token: t.String(),
  token_expires_at: t.String(),
  is_confirmed: t.Boolean(),
  chat_id: t.Nullable(t.String()),
  your_day_alert: t.Boolean(),
  check_in_alert: t.Boolean(),
})

export const ConnectionEnvelope = Envelope(Connection)

/** The server's bot, so a client can link to it (docs/api/chatbot.md §4.6). */
export const BotInfo = t.Object({
  username: t.Nullable(t.String()),
  link: t.Nullable(t.String({ description: 'https://t.me/{username}; append ?start={token} to pair in one tap' })),
})
export const BotInfoEnvelope = Envelope(BotInfo)
export const MaybeConnectionEnvelope = Envelope(t.Nullable(Connection))

/** docs/api/chatbot.md §4: an alert toggle is set to the boolean sent, or flipped when it is absent or null. */
const alertToggle = () => f.boolean().nullable().describe('absent or null toggles the current value')

export const AlertBodies = {
  your_day_alert: rules({ your_day_alert: alertToggle() }),
  check_in_alert: rules({ check_in_alert: alertToggle() }),
}

export type AlertField = keyof typeof AlertBodies
