/**
 * The Telegram bot (docs/api/chatbot.md §5.1): start-up calls, then a getUpdates long-poll loop that handles updates
 * one at a time and persists the offset after each, with the failure back-off of 5.1.
 */
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { DEFAULT_RETRY_AFTER_S, TelegramError, type TelegramClient } from '../../lib/telegram'
import { loadUpdateOffset, saveUpdateOffset } from './bot-state'
import { handleUpdate, type Update } from './bot-updates'
import { COMMANDS } from './texts'

export interface BotHandle { stop(): Promise<void> }

const POLL_TIMEOUT_S = 25
const POLL_HTTP_TIMEOUT_MS = 35_000
const MAX_BACKOFF_S = 60
const CONFLICT_WAIT_MS = 30_000

/** Starts the bot when a Bot API client is configured (TELEGRAM_BOT_TOKEN); otherwise returns undefined. */
export function startBot(deps: Deps): BotHandle | undefined {
  const client = deps.telegram
  if (!client) return undefined
  const controller = new AbortController()
  const running = runBot(deps, client, controller.signal).catch((err) => {
    if (!controller.signal.aborted) deps.logger.error('telegram bot stopped by an unexpected error', errorFields(err))
  })
  return {
    async stop() {
      controller.abort()
      await running
    },
  }
}

type Plan = { stop: true } | { stop: false; backoff: boolean; waitMs: number }

/**
 * What to do after a failed call (docs/api/chatbot.md §5.1). `failures` counts the back-off failures in a row (network,
 * 5xx, anything unexpected); 409 and 429 have waits of their own and end such a run.
 */
function planAfterFailure(err: unknown, failures: number): Plan {
  if (err instanceof TelegramError) {
    if (err.status === 401 || err.status === 404) return { stop: true }
    if (err.status === 429) return { stop: false, backoff: false, waitMs: (err.retryAfter ?? DEFAULT_RETRY_AFTER_S) * 1000 }
    if (err.status === 409) return { stop: false, backoff: false, waitMs: CONFLICT_WAIT_MS }
  }
  return { stop: false, backoff: true, waitMs: backoffMs(failures + 1) }
}

/** 1, 2, 4, … seconds for the n-th failure in a row, at most 60. */
const backoffMs = (n: number) => Math.min(MAX_BACKOFF_S, 2 ** (n - 1)) * 1000

/** A wait that ends early when the bot is stopped. */
function pause(client: TelegramClient, ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => { signal.removeEventListener('abort', done); resolve() }
    signal.addEventListener('abort', done, { once: true })
    void client.sleep(ms).then(done)
  })
}

/**
 * Calls `method` until it succeeds; transient failures back off. Resolves undefined when the bot must stop
 * (401/404, logged) or was stopped.
 */
async function callPersistently<T>(deps: Deps, client: TelegramClient, method: string, body: Record<string, unknown>, signal: AbortSignal, timeoutMs?: number): Promise<{ result: T } | undefined> {
  let failures = 0
  while (!signal.aborted) {
    try {
      return { result: await client.call<T>(method, body, { signal, timeoutMs }) }
    } catch (err) {
      if (signal.aborted) return undefined
      const plan = planAfterFailure(err, failures)
      if (plan.stop) {
        deps.logger.error('telegram bot disabled: the Bot API refused the token', { method, ...errorFields(err) })
        return undefined
      }
      failures = plan.backoff ? failures + 1 : 0
      if (err instanceof TelegramError && err.status === 409) {
        deps.logger.warn('telegram: another getUpdates consumer or a webhook is active; removing the webhook', { method })
        await client.call('deleteWebhook', { drop_pending_updates: false }, { signal }).catch(() => {})
      } else {
        deps.logger.warn('telegram call failed, retrying', { method, wait_ms: plan.waitMs, ...errorFields(err) })
      }
      await pause(client, plan.waitMs, signal)
    }
  }
  return undefined
}

async function runBot(deps: Deps, client: TelegramClient, signal: AbortSignal): Promise<void> {
  const me = await callPersistently<{ username?: string }>(deps, client, 'getMe', {}, signal)
  if (!me) return
  deps.logger.info('telegram bot started', { username: me.result.username })
  deps.telegramBot.username = me.result.username ?? null
  if (!await callPersistently(deps, client, 'deleteWebhook', { drop_pending_updates: false }, signal)) return
  // The command menu is cosmetic: a refusal is logged and the bot runs anyway.
  await client.call('setMyCommands', { commands: COMMANDS }, { signal })
    .catch((err) => { if (!signal.aborted) deps.logger.warn('telegram setMyCommands failed', errorFields(err)) })

  let offset = loadUpdateOffset(deps)
  while (!signal.aborted) {
    const body: Record<string, unknown> = { timeout: POLL_TIMEOUT_S, allowed_updates: ['message', 'callback_query'] }
    if (offset !== undefined) body.offset = offset
    const polled = await callPersistently<unknown>(deps, client, 'getUpdates', body, signal, POLL_HTTP_TIMEOUT_MS)
    if (!polled) return
    try {
      offset = await handleUpdates(deps, polled.result, offset, signal)
    } catch (err) {
      // The offset could not be recorded (database trouble): the bot lives on and the update comes again.
      deps.logger.error('telegram updates could not be processed', errorFields(err))
      await pause(client, backoffMs(1), signal)
    }
  }
}

/** Handles a getUpdates result one update at a time, persisting the offset after each; returns the new offset. */
async function handleUpdates(deps: Deps, result: unknown, offset: number | undefined, signal: AbortSignal): Promise<number | undefined> {
  if (!Array.isArray(result)) {
    deps.logger.warn('telegram getUpdates answered without a list of updates')
    return offset
  }
  for (const update of result as (Update | null)[]) {
    if (signal.aborted) break
    if (!update || !Number.isSafeInteger(update.update_id)) continue
    await handleUpdate(deps, update)
    offset = update.update_id + 1
    saveUpdateOffset(deps, offset)
  }
  return offset
}
