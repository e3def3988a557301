import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { InstanceResponse } from './model'
import { describeInstance } from './instance'

export function instanceRoutes(deps: Deps) {
  return new Elysia({ name: 'instance', prefix: `${API}/instance` })
    .get('', () => ok(deps.clock, 'Instance retrieved successfully.', describeInstance(deps)), {
      response: { 200: InstanceResponse },
      detail: { tags: ['instance'], summary: 'What this server can do (public): registration, e-mail delivery, passkeys, the Telegram bot' },
    })
}
