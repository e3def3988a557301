/**
 * One message to one channel, and what became of it: sent, a transient failure (timeout, network, 5xx, 429,
 * an SMTP 4xx) worth another try, or a permanent one (another 4xx, a refused address, an SMTP 5xx). ntfy and
 * webhook requests go through the outgoing-request guard (private addresses only with NOTIFY_ALLOW_PRIVATE),
 * with a bounded time and answer size; redirects are not followed.
 */
import { createHmac } from 'node:crypto'
import type { Deps } from '../../lib/deps'
import { decryptSecret } from '../../lib/crypto'
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch'
import { readStringList } from '../../lib/stored-json'
import type { ChannelRow } from './schema'
import { alertTitle, mailHtml, type MessageKind } from './texts'
import { ntfyReminderActions } from '../reminder-answers/ntfy-actions'
import { checkInLink, checkInPage } from '../reminder-answers/day-pass'

export const SEND_TIMEOUT_MS = 5000
const MAX_ANSWER_BYTES = 16_384
const MAX_RETRY_AFTER_MS = 3_600_000

export interface ChannelMessage { kind: MessageKind; date: string; text: string }
export interface Recipient { id: string; email: string; language: string }

export type SendResult =
  | { status: 'sent' }
  | { status: 'transient'; error: string; retryAfterMs?: number }
  | { status: 'permanent'; error: string }

export async function sendToChannel(deps: Deps, channel: ChannelRow, user: Recipient, message: ChannelMessage): Promise<SendResult> {
  if (channel.type === 'email') return sendMail(deps, user, message)
  const body = channel.type === 'ntfy' ? ntfyBody(deps, channel, user, message) : webhookBody(deps, user, message)
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'daybook' }
  if (channel.type === 'ntfy' && channel.tokenCipher) {
    const token = decryptSecret(deps.appKey, channel.tokenCipher)
    if (token === undefined) return { status: 'permanent', error: 'the stored access token cannot be read (APP_KEY changed); save the channel again' }
    headers.authorization = `Bearer ${token}`
  }
  if (channel.type === 'webhook') {
    const secret = channel.secretCipher ? decryptSecret(deps.appKey, channel.secretCipher) : undefined
    if (secret === undefined) return { status: 'permanent', error: 'the signing secret cannot be read (APP_KEY changed); create the webhook again' }
    headers['x-daybook-signature'] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
  }
  return post(deps, ntfyEndpoint(channel), headers, body)
}

/** ntfy's JSON publishing: POST to the server's root with the topic in the body, so titles may be any UTF-8. */
function ntfyEndpoint(channel: ChannelRow): string {
  if (channel.type !== 'ntfy') return channel.url!
  const url = new URL(channel.url!)
  url.pathname = url.pathname.replace(/\/[^/]*\/?$/, '/')
  url.search = ''
  return url.href
}

/** The check-in reminder carries the mood as three action buttons and opens the day's check-in when clicked (§7.2). */
function ntfyBody(deps: Deps, channel: ChannelRow, user: Recipient, message: ChannelMessage): string {
  const topic = new URL(channel.url!).pathname.replace(/\/$/, '').split('/').at(-1)!
  const tags = (channel.tags ? readStringList(channel.tags) : undefined) ?? []
  const actions = message.kind === 'check_in' ? ntfyReminderActions(deps, user.id, message.date, user.language) : []
  return JSON.stringify({
    topic,
    title: alertTitle(user.language, message.kind),
    message: message.text,
    priority: channel.priority ?? 3,
    ...(tags.length > 0 ? { tags } : {}),
    ...(actions.length > 0 ? { actions, click: checkInPage(deps, message.date) } : {}),
  })
}

/** The check-in reminder also gives its signed link on its own (docs/api/notifications.md §7.3), for a receiver's button. */
function webhookBody(deps: Deps, user: Recipient, message: ChannelMessage): string {
  const link = message.kind === 'check_in' ? { check_in_url: checkInLink(deps, user.id, message.date) } : {}
  return JSON.stringify({ kind: message.kind, user_id: user.id, date: message.date, text: message.text, ...link })
}

function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined
}

async function post(deps: Deps, url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  try {
    const res = await safeFetch(url, {
      method: 'POST', body, headers, allowPrivate: deps.config.notifyAllowPrivate,
      timeoutMs: SEND_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES, maxRedirects: 0,
    })
    if (res.status >= 200 && res.status < 300) return { status: 'sent' }
    if (res.status === 429 || res.status === 408 || res.status >= 500) {
      return { status: 'transient', error: `answered ${res.status}`, retryAfterMs: retryAfterMs(res.retryAfter, deps.clock.now()) }
    }
    return { status: 'permanent', error: `answered ${res.status}` }
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err
    if (err.reason === 'timeout' || err.reason === 'network' || err.reason === 'resolve') return { status: 'transient', error: err.message }
    if (err.reason === 'redirects') return { status: 'permanent', error: 'answered with a redirect, which is not followed' }
    if (err.reason === 'address') return { status: 'permanent', error: `${err.message}: private and local addresses need the server's admin to allow them for notifications` }
    return { status: 'permanent', error: err.message }
  }
}

async function sendMail(deps: Deps, user: Recipient, message: ChannelMessage): Promise<SendResult> {
  const subject = alertTitle(user.language, message.kind)
  try {
    await deps.mailer.deliver({ to: user.email, subject, text: message.text, html: mailHtml(subject, message.text) }, SEND_TIMEOUT_MS * 2)
    return { status: 'sent' }
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode
    const error = err instanceof Error ? err.message : String(err)
    if (typeof code === 'number' && code >= 500) return { status: 'permanent', error: `the mail server refused it: ${error}` }
    return { status: 'transient', error }
  }
}
