import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope } from '../../lib/http/schemas'
import { f, rules, type Field } from '../../lib/validation'

/** Every input and output of the notifications API. */

const hhmm = (): Field<string> => f.string().check((v: string, a) => /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(v) ? undefined : `The ${a} field must be a time in the format HH:MM.`,
  { pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' })

/** Absent fields keep their value. */
export const SettingsBody = rules({
  your_day_time: hhmm().describe('HH:MM, local time of the your-day alert (default 07:00)'),
  check_in_time: hhmm().describe('HH:MM, local time of the check-in reminder (default 20:00)'),
  weekly_time: hhmm().describe('HH:MM, local time on Sunday of the weekly summary (default 19:00)'),
  weekly_telegram: f.boolean().describe('send the weekly summary to the linked Telegram chat (default false)'),
  day_start: hhmm().check((v: string, a) => v <= '06:00' ? undefined : `The ${a} field must be between 00:00 and 06:00.`,
    { description: 'HH:MM from 00:00 to 06:00: when "today" begins (default 00:00)' }),
})

export const NotificationSettings = t.Object({
  your_day_time: t.String(), check_in_time: t.String(), weekly_time: t.String(), weekly_telegram: t.Boolean(), day_start: t.String(),
})

export const CHANNEL_TYPES = ['email', 'ntfy', 'webhook'] as const
export const MAX_CHANNELS = 10
const MAX_TAGS = 10

const tagList = () => f.array().check((v: unknown[], a) => {
  if (v.length > MAX_TAGS) return `The ${a} field must not have more than ${MAX_TAGS} items.`
  if (!v.every((tag) => typeof tag === 'string' && /^[\w.:+-]{1,64}$/u.test(tag))) return `The ${a} field must hold words of at most 64 letters, digits or _.:+- characters.`
  return undefined
}, { maxItems: MAX_TAGS, items: { type: 'string', maxLength: 64 } })

/** Which alerts go to a channel. */
const ChannelAlerts = rules({
  your_day: f.boolean().describe('send the your-day alert here (default true at creation)'),
  check_in: f.boolean().describe('send the check-in reminder here (default true at creation)'),
  weekly: f.boolean().describe('send the weekly summary here on Sunday evening (default false: opt-in)'),
})

const channelUrl = () => f.string().max(2048).url()

/** The alerts, and a new URL for an ntfy or webhook channel; an update also re-enables a channel a permanent failure stopped. */
export const ChannelUpdateBody = ChannelAlerts.extend({
  url: channelUrl().describe('ntfy or webhook only: a new topic URL or webhook URL, checked as at creation; absent keeps it'),
})

/** `url` is required for ntfy (the topic URL) and webhook; `token`, `priority` and `tags` are ntfy's. */
export const ChannelCreateBody = ChannelAlerts.extend({
  type: f.string().required().oneOf(CHANNEL_TYPES),
  url: channelUrl().describe('ntfy: the topic URL (https://ntfy.sh/my-topic); webhook: where to POST. Required for both'),
  token: f.string().max(255).describe('ntfy: access token, sent as a Bearer token; stored encrypted, never returned'),
  priority: f.integer().between(1, 5).describe('ntfy: 1 (min) to 5 (max), default 3'),
  tags: tagList().describe('ntfy: tags or emoji short codes'),
})

export const Channel = t.Object({
  id: Type.Integer(),
  type: t.String({ enum: [...CHANNEL_TYPES] }),
  url: t.Nullable(t.String()),
  has_token: t.Boolean(),
  priority: t.Nullable(Type.Integer()),
  tags: t.Array(t.String()),
  your_day: t.Boolean(),
  check_in: t.Boolean(),
  weekly: t.Boolean(),
  enabled: t.Boolean(),
  disabled_reason: t.Nullable(t.String({ description: 'why a permanent failure stopped the channel' })),
  disabled_at: t.Nullable(t.String()),
  created_at: t.String(),
})

/** The webhook's signing secret appears in the creation answer only. */
export const CreatedChannel = t.Object({ ...Channel.properties, secret: t.Optional(t.String({ description: 'webhook only: the HMAC-SHA256 key, shown once' })) })

export const TestResult = t.Object({
  delivered: t.Boolean(),
  error: t.Nullable(t.String()),
  email_delivery: t.Nullable(t.Union([t.Literal('smtp'), t.Literal('outbox')], {
    description: "e-mail channels: smtp, handed to the mail server; outbox, written to the server's outbox folder (no mail server configured), where only the admin sees it. null for ntfy and webhook",
  })),
})

export const SettingsEnvelope = Envelope(NotificationSettings)
export const ChannelEnvelope = Envelope(Channel)
export const CreatedChannelEnvelope = Envelope(CreatedChannel)
export const ChannelListEnvelope = Envelope(t.Array(Channel))
export const TestResultEnvelope = Envelope(TestResult)
