import { t } from 'elysia'
import { Envelope } from '../../lib/http/schemas'

/** What this server can do, for clients to offer only what works (docs/api/auth.md §3.13). */
export const Instance = t.Object({
  name: t.String({ description: 'INSTANCE_NAME' }),
  version: t.String(),
  registration_open: t.Boolean(),
  email_delivery: t.Union([t.Literal('smtp'), t.Literal('outbox')], {
    description: "smtp: mails are sent; outbox: they are written to the server's outbox folder, where only the admin sees them",
  }),
  email_verification: t.Boolean({ description: 'new accounts confirm their e-mail address before signing in with a password' }),
  passkeys: t.Boolean(),
  telegram_bot: t.Nullable(t.String({ description: "the bot's user name, once it has started; null without a bot" })),
})

export const InstanceResponse = Envelope(Instance)
