/**
 * A small Telegram Bot API client over plain HTTP: `POST {apiUrl}/bot{token}/{method}` with JSON bodies
 * (docs/api/chatbot.md §5.1), and `sendMessage` with the sending rules of docs/api/chatbot.md §5.2. It knows nothing
 * about accounts: callers act on the outcome (unlinking a chat that is gone, alert bookkeeping).
 */
import { errorFields, type Logger } from './logger'

/** A failed Bot API call: `status` is the HTTP status, or 0 for a network error or timeout. */
export class TelegramError extends Error {
  constructor(readonly status: number, readonly description: string, readonly retryAfter?: number) {
    super(status === 0 ? `Telegram request failed: ${description}` : `Telegram answered ${status}: ${description}`)
  }

  get transient(): boolean {
    return this.status === 0 || this.status >= 500
  }
}

/**
 * What became of a message: `sent`; `chat_gone` (403, or 400 "chat not found": the chat must be unlinked);
 * `rejected` (another 4xx, logged and dropped); `failed` (network, 5xx or 429 after all attempts).
 */
export type SendOutcome = 'sent' | 'chat_gone' | 'rejected' | 'failed'

export interface SendOptions { reply_markup?: unknown }

export interface TelegramClient {
  /** One Bot API call; resolves with `result`, throws TelegramError (or the abort reason when `signal` fires). */
  call<T = unknown>(method: string, body?: Record<string, unknown>, opts?: { timeoutMs?: number; signal?: AbortSignal }): Promise<T>
  sendMessage(chatId: string, text: string, opts?: SendOptions): Promise<SendOutcome>
  /** The waiting function used for retries and back-off (injected in tests). */
  sleep(ms: number): Promise<void>
}

export interface TelegramClientOptions {
  token: string
  apiUrl: string
  logger: Logger
  sleep?: (ms: number) => Promise<void>
  /** HTTP timeout of calls that do not give their own (decision: 30 s) */
  timeoutMs?: number
}

export const MAX_TEXT = 4096
const SEND_ATTEMPTS = 3
const TRANSIENT_DELAYS_MS = [1000, 3000]
/** The wait of a 429 without `parameters.retry_after` (docs/api/chatbot.md §5.1, 5.2). */
export const DEFAULT_RETRY_AFTER_S = 5

/** A text of more than `max` code points cut to `max - 1` plus an ellipsis. */
export function cutText(text: string, max: number): string {
  const chars = [...text]
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : text
}

/** Texts longer than 4096 characters are cut to 4095 plus an ellipsis (docs/api/chatbot.md §5.2). */
export const fitText = (text: string): string => cutText(text, MAX_TEXT)

interface ApiAnswer { ok?: boolean; result?: unknown; description?: string; error_code?: number; parameters?: { retry_after?: number } }

export function createTelegramClient(options: TelegramClientOptions): TelegramClient {
  const base = `${options.apiUrl.replace(/\/+$/, '')}/bot${options.token}/`
  const sleep = options.sleep ?? ((ms: number) => Bun.sleep(ms))
  const { logger } = options

  async function call<T>(method: string, body: Record<string, unknown> = {}, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<T> {
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? options.timeoutMs ?? 30_000)
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
    let response: Response
    let answer: ApiAnswer
    try {
      response = await fetch(base + method, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      })
      answer = await response.json().catch(() => ({})) as ApiAnswer
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason
      throw new TelegramError(0, err instanceof Error ? err.message : String(err))
    }
    if (response.ok && answer.ok === true) return answer.result as T
    const status = response.ok ? (answer.error_code ?? 500) : response.status
    throw new TelegramError(status, answer.description ?? response.statusText, answer.parameters?.retry_after)
  }

  async function sendMessage(chatId: string, text: string, opts: SendOptions = {}): Promise<SendOutcome> {
    const body: Record<string, unknown> = { chat_id: chatId, text: fitText(text), link_preview_options: { is_disabled: true } }
    if (opts.reply_markup !== undefined) body.reply_markup = opts.reply_markup
    for (let attempt = 1; ; attempt++) {
      try {
        await call('sendMessage', body)
        return 'sent'
      } catch (err) {
        if (!(err instanceof TelegramError)) throw err
        if (err.status === 403 || (err.status === 400 && /chat not found/i.test(err.description))) {
          logger.warn('telegram chat is gone', { chat_id: chatId, status: err.status, description: err.description })
          return 'chat_gone'
        }
        const retryable = err.status === 429 || err.transient
        if (!retryable) {
          logger.error('telegram message rejected', { chat_id: chatId, status: err.status, description: err.description })
          return 'rejected'
        }
        if (attempt >= SEND_ATTEMPTS) {
          logger.error('telegram message not delivered', { chat_id: chatId, attempts: attempt, ...errorFields(err) })
          return 'failed'
        }
        const wait = err.status === 429 ? (err.retryAfter ?? DEFAULT_RETRY_AFTER_S) * 1000 : TRANSIENT_DELAYS_MS[attempt - 1]!
        logger.warn('telegram send retry', { chat_id: chatId, status: err.status, wait_ms: wait })
        await sleep(wait)
      }
    }
  }

  return { call, sendMessage, sleep }
}
