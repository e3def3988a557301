import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API, NullEnvelope } from '../../lib/http/schemas'
import { AlertBodies, BotInfoEnvelope, ConnectionEnvelope, MaybeConnectionEnvelope } from './model'
import { disconnectChatbot, getChatbotConnection, requestPairingToken, setChatbotAlert } from './pairing'

const tags = ['chatbot']
/** What both alert toggles declare besides their body. */
const toggle = { auth: 'user', bodyCheckedByVerb: true, parse: 'json', response: { 200: ConnectionEnvelope } } as const

/**
 * The pairing API of docs/api/chatbot.md §4 under one base. The toggles look the connection up before they read the
 * body (404 no_connection before 400/415), so their verb answers a body that could not be decoded.
 */
function pairingRoutes(deps: Deps, base: 'chatbot' | 'telegram') {
  const alias = base === 'telegram' ? ' (alias)' : ''
  return new Elysia({ name: `${base}-pairing`, prefix: `${API}/${base}` })
    .use(guard(deps))
    .get('/token-request', ({ actor }) =>
      ok(deps.clock, 'Token retrieved successfully.', requestPairingToken(deps, actor)), {
      auth: 'user',
      response: { 200: ConnectionEnvelope },
      detail: { tags, summary: `Get or create the pairing token (409 no_telegram_bot on a server without a bot)${alias}` },
    })
    .get('/request', ({ actor }) => {
      const connection = getChatbotConnection(deps, actor)
      return ok(deps.clock, connection ? 'Token retrieved successfully.' : 'No connection found.', connection)
    }, { auth: 'user', response: { 200: MaybeConnectionEnvelope }, detail: { tags, summary: `Connection state${alias}` } })
    .get('/bot', () => {
      const { username } = deps.telegramBot
      return ok(deps.clock, 'Bot retrieved successfully.', { username, link: username ? `https://t.me/${username}` : null })
    }, { auth: 'user', response: { 200: BotInfoEnvelope }, detail: { tags, summary: `The server's bot, once it has started${alias}` } })
    .put('/your-day-alert', ({ actor, readBody }) =>
      ok(deps.clock, 'Your day alert updated successfully.', setChatbotAlert(deps, actor, 'your_day_alert', readBody)),
    { ...toggle, body: AlertBodies.your_day_alert, detail: { tags, summary: `Set or toggle the daily your-day alert${alias}` } })
    .put('/check-in-alert', ({ actor, readBody }) =>
      ok(deps.clock, 'Check-in alert updated successfully.', setChatbotAlert(deps, actor, 'check_in_alert', readBody)),
    { ...toggle, body: AlertBodies.check_in_alert, detail: { tags, summary: `Set or toggle the daily check-in reminder${alias}` } })
    .delete('', ({ actor }) => {
      disconnectChatbot(deps, actor)
      return ok(deps.clock, 'Chatbot disconnected successfully.', null)
    }, { auth: 'user', response: { 200: NullEnvelope }, detail: { tags, summary: `Remove the connection${alias}` } })
}

/** docs/api/chatbot.md §1: every route exists under /v1/chatbot and, identically, under the web app's /v1/telegram. */
export function chatbotRoutes(deps: Deps) {
  return new Elysia({ name: 'chatbot' })
    .use(pairingRoutes(deps, 'chatbot'))
    .use(pairingRoutes(deps, 'telegram'))
}
