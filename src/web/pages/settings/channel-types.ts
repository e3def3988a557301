/** A notification channel as the API declares it (src/features/notifications/model.ts). */
import type { ApiData } from '../../lib/api-types'

export type Channel = ApiData<'get', '/notifications/channels'>[number]
/** The created channel: a webhook's signing secret is shown this once. */
export type CreatedChannel = ApiData<'post', '/notifications/channels'>
export type TestResult = ApiData<'post', `/notifications/channels/${string}/test`>
/** Where this server's e-mails go: the mail server, or its outbox folder (GET /instance). */
export type EmailDelivery = ApiData<'get', '/instance'>['email_delivery']

/** The words of the API's private-address refusal (src/features/notifications/channels.ts), which the page words itself. */
export const PRIVATE_ADDRESS = "The url field leads to a private or local network address, which the server's admin must allow for notifications first."

/** The channel types the pages name; the API declares `type` as a string. */
export const CHANNEL_TYPES = ['email', 'ntfy', 'webhook'] as const
export type ChannelType = (typeof CHANNEL_TYPES)[number]
export const isChannelType = (type: string): type is ChannelType => (CHANNEL_TYPES as readonly string[]).includes(type)
