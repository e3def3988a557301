/**
 * A small fake Telegram Bot API server on loopback: getMe, deleteWebhook, setMyCommands, getUpdates (long
 * poll) and sendMessage, over the real HTTP protocol (POST JSON to /bot{token}/{method}). Tests queue
 * updates, read what the bot sent, and script error answers (429, 403, 5xx).
 */
/**
 * The environment of a server with a Telegram bot configured that never starts in the test (the harnesses do not
 * run it), for pairing, which a server without a bot refuses; its Bot API base is a loopback port nothing answers.
 */
export const IDLE_BOT_ENV = { TELEGRAM_BOT_TOKEN: '123456:IDLE-TOKEN', TELEGRAM_API_URL: 'http://127.0.0.1:9' }

export interface SentMessage { chat_id: string | number; text: string; reply_markup?: unknown; [k: string]: unknown }
export interface FakeAnswer { status: number; body: unknown }

export interface FakeTelegram {
  apiUrl: string
  token: string
  sent: SentMessage[]
  calls: { method: string; body: any }[]
  /** queue a text message from a private chat; returns its update_id */
  pushText(chatId: number, text: string, extra?: Record<string, unknown>): number
  pushUpdate(update: Record<string, unknown>): number
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
  let nextUpdateId = 1000
  let nextMessageId = 1
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
          return json({ ok: true, result: { message_id: nextMessageId++, chat: { id: body.chat_id }, text: body.text } })
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
