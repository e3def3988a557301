import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { readJson } from '../../lib/http/body'
import { ok } from '../../lib/http/envelope'
import { NullEnvelope, jsonBody } from '../../lib/http/schemas'
import { CheckInAlertBody, ConnectionEnvelope, MaybeConnectionEnvelope, YourDayAlertBody } from './model'
import { disconnectChatbot, getChatbotConnection, requestPairingToken, setChatbotAlert } from './service'

const tags = ['chatbot']

/** chatbot.md 4; every route exists under /v1/chatbot and, identically, under the web client's /v1/telegram. */
const PREFIXES = ['/api/v1/chatbot', '/api/v1/telegram'] as const

export function chatbotRoutes(deps: Deps) {
  const app = new Elysia({ name: 'chatbot' }).use(authPlugin(deps))
  for (const prefix of PREFIXES) {
    const alias = prefix.endsWith('/telegram') ? ' (alias)' : ''
    app
      .get(`${prefix}/token-request`, ({ actor }) =>
        ok(deps.clock, 'Token retrieved successfully.', requestPairingToken(deps, actor)), {
        auth: 'user',
        response: { 200: ConnectionEnvelope },
        detail: { tags, summary: `Get or create the pairing token${alias}` },
      })
      .get(`${prefix}/request`, ({ actor }) => {
        const connection = getChatbotConnection(deps, actor)
        return ok(deps.clock, connection ? 'Token retrieved successfully.' : 'No connection found.', connection)
      }, {
        auth: 'user',
        response: { 200: MaybeConnectionEnvelope },
        detail: { tags, summary: `Connection state${alias}` },
      })
      .put(`${prefix}/your-day-alert`, ({ actor, request }) =>
        ok(deps.clock, 'Your day alert updated successfully.', setChatbotAlert(deps, actor, 'your_day_alert', () => readJson(request))), {
        auth: 'user',
        response: { 200: ConnectionEnvelope },
        detail: { tags, summary: `Set or toggle the daily your-day alert${alias}`, ...jsonBody(YourDayAlertBody) },
      })
      .put(`${prefix}/check-in-alert`, ({ actor, request }) =>
        ok(deps.clock, 'Check-in alert updated successfully.', setChatbotAlert(deps, actor, 'check_in_alert', () => readJson(request))), {
        auth: 'user',
        response: { 200: ConnectionEnvelope },
        detail: { tags, summary: `Set or toggle the daily check-in reminder${alias}`, ...jsonBody(CheckInAlertBody) },
      })
      .delete(prefix, ({ actor }) => {
        disconnectChatbot(deps, actor)
        return ok(deps.clock, 'Chatbot disconnected successfully.', null)
      }, {
        auth: 'user',
        response: { 200: NullEnvelope },
        detail: { tags, summary: `Remove the connection${alias}` },
      })
  }
  return app
}
