/**
 * A small fake Telegram Bot API server on loopback: getMe, deleteWebhook, setMyCommands, getUpdates (long
 * poll), sendMessage, answerCallbackQuery and editMessageText, over the real HTTP protocol (POST JSON to
 * /bot{token}/{method}). Tests queue updates (texts, taps on inline buttons), read what the bot sent, answered and
 * edited, and script error answers (429, 403, 5xx). Edits follow the real API: the message must exist in that chat,
 * and an edit that changes nothing is a 400 "message is not modified".
 */
/**
 * The environment of a server with a Telegram bot configured that never starts in the test (the harnesses do not
 * run it), for pairing, which a server without a bot refuses; its Bot API base is a loopback port nothing answers.
 */
export const IDLE_BOT_ENV = { TELEGRAM_BOT_TOKEN: '123456:IDLE-TOKEN', TELEGRAM_API_URL: 'http://127.0.0.1:9' }

export interface SentMessage { chat_id: string | number; text: string; reply_markup?: unknown; [k: string]: unknown }
export interface FakeAnswer { status: number; body: unknown }
/** A message the bot sent, as it stands after its edits. */
export interface ChatMessage { message_id: number; chat_id: string; text: string; reply_markup?: unknown }

export interface FakeTelegram {
  apiUrl: string
  token: string
  sent: SentMessage[]
  calls: { method: string; body: any }[]
  /** queue a text message from a private chat; returns its update_id */
  pushText(chatId: number, text: string, extra?: Record<string, unknown>): number
  pushUpdate(update: Record<string, unknown>): number
  /** queue a tap on an inline button of `message` (a callback_query from user `fromId`, by default the chat) */
  pushCallback(message: { message_id: number; chat_id: string | number }, data: string, fromId?: number): number
  /** the bot's messages by message_id, as edited */
  messages: Map<number, ChatMessage>
  /** the answerCallbackQuery calls, in order */
  callbackAnswers: { callback_query_id: string; text?: string }[]
  /** every editMessageText call that changed a message */
  edits: { chat_id: string; message_id: number; text: string; reply_markup?: unknown }[]
  /** the next answers to sendMessage, used before answering normally */
  scriptSend(...answers: FakeAnswer[]): void
  /** the next answers to any method (getMe, getUpdates, …), used before answering normally */
  scriptCall(method: string, ...answers: FakeAnswer[]): void
  waitForSent(count: number, ms?: number): Promise<SentMessage[]>
  close(): void
}

export function startFakeTelegram(token = '123456:TEST-TOKEN'): FakeTelegram {
  const sent: SentMessage[] = []
  const calls: { method: string; body: any }[] = []
  const updates: Record<string, unknown>[] = []
  const scripted: FakeAnswer[] = []
  const scriptedCalls = new Map<string, FakeAnswer[]>()
  const messages = new Map<number, ChatMessage>()
  const callbackAnswers: { callback_query_id: string; text?: string }[] = []
  const edits: { chat_id: string; message_id: number; text: string; reply_markup?: unknown }[] = []
  const badRequest = (description: string) => json({ ok: false, error_code: 400, description: `Bad Request: ${description}` }, 400)
  let nextUpdateId = 1000
  let nextMessageId = 1
  let nextCallbackId = 7_000_000
  let wake: (() => void) | undefined
  const json = (body: unknown, status = 200) => Response.json(body, { status })

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 60,
    async fetch(req) {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url).pathname)
      if (!m || m[1] !== token) return json({ ok: false, error_code: 404, description: 'Not Found' }, 404)
      const method = m[2]!
      const body: any = req.headers.get('content-type')?.includes('json') ? await req.json() : {}
      calls.push({ method, body })
      const forced = scriptedCalls.get(method)?.shift()
      if (forced) return json(forced.body, forced.status)
      switch (method) {
        case 'getMe': return json({ ok: true, result: { id: 42, is_bot: true, first_name: 'daybook', username: 'daybook_test_bot' } })
        case 'deleteWebhook':
        case 'setMyCommands': return json({ ok: true, result: true })
        case 'getUpdates': {
          const offset = typeof body.offset === 'number' ? body.offset : 0
          const pending = () => updates.filter((u) => (u.update_id as number) >= offset)
          if (pending().length === 0) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, Math.min(Number(body.timeout ?? 0), 2) * 1000)
              wake = () => { clearTimeout(timer); resolve() }
            })
          }
          return json({ ok: true, result: pending() })
        }
        case 'sendMessage': {
          const answer = scripted.shift()
          if (answer) return json(answer.body, answer.status)
          sent.push(body)
          const message_id = nextMessageId++
          messages.set(message_id, { message_id, chat_id: String(body.chat_id), text: body.text, reply_markup: body.reply_markup })
          return json({ ok: true, result: { message_id, chat: { id: body.chat_id }, text: body.text } })
        }
        case 'answerCallbackQuery': {
          if (typeof body.callback_query_id !== 'string') return badRequest('query is too old and response timeout expired or query ID is invalid')
          callbackAnswers.push(body)
          return json({ ok: true, result: true })
        }
        case 'editMessageText': {
          const message = messages.get(body.message_id)
          if (!message || message.chat_id !== String(body.chat_id)) return badRequest('message to edit not found')
          if (typeof body.text !== 'string' || body.text === '') return badRequest('message text is empty')
          if (message.text === body.text && JSON.stringify(message.reply_markup) === JSON.stringify(body.reply_markup)) {
            return badRequest('message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message')
          }
          Object.assign(message, { text: body.text, reply_markup: body.reply_markup })
          edits.push(body)
          return json({ ok: true, result: { message_id: message.message_id, chat: { id: body.chat_id }, text: body.text } })
        }
        default: return json({ ok: false, error_code: 404, description: 'Not Found: method not found' }, 404)
      }
    },
  })

  const pushUpdate = (update: Record<string, unknown>) => {
    const update_id = nextUpdateId++
    updates.push({ update_id, ...update })
    wake?.()
    return update_id
  }
  return {
    apiUrl: `http://127.0.0.1:${server.port}`,
    token,
    sent,
    calls,
    pushUpdate,
    pushText(chatId, text, extra = {}) {
      return pushUpdate({
        message: {
          message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), text,
          chat: { id: chatId, type: 'private' }, from: { id: chatId, is_bot: false, first_name: 'Test' }, ...extra,
        },
      })
    },
    pushCallback(message, data, fromId) {
      const chatId = Number(message.chat_id)
      const from = fromId ?? chatId
      const shown = messages.get(message.message_id)
      return pushUpdate({
        callback_query: {
          id: String(nextCallbackId++), chat_instance: `-${chatId}`, data,
          from: { id: from, is_bot: false, first_name: 'Test' },
          message: {
            message_id: message.message_id, date: Math.floor(Date.now() / 1000), text: shown?.text ?? '',
            chat: { id: chatId, type: 'private' }, from: { id: 42, is_bot: true, first_name: 'daybook' },
            ...(shown?.reply_markup ? { reply_markup: shown.reply_markup } : {}),
          },
        },
      })
    },
    messages,
    callbackAnswers,
    edits,
    scriptSend(...answers) { scripted.push(...answers) },
    scriptCall(method, ...answers) { scriptedCalls.set(method, [...(scriptedCalls.get(method) ?? []), ...answers]) },
    async waitForSent(count, ms = 5000) {
      const end = Date.now() + ms
      while (sent.length < count && Date.now() < end) await Bun.sleep(10)
      return sent
    },
    close() { server.stop(true) },
  }
}
