import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { API } from '../../lib/http/schemas'
import { VERSION } from '../../version'
import { Health } from './model'

/** docs/api/auth.md §3.1: no envelope; 503 when the database does not answer. */
export function healthRoutes(deps: Deps) {
  return new Elysia({ name: 'health', prefix: `${API}/health` }).get('', ({ set }) => {
    let status = 'OK'
    try {
      // bun:sqlite's cached statement: drizzle's builder prepared a new one on every call, half of this route's time
      deps.db.$client.query('SELECT 1').get()
    } catch {
      status = 'ERROR'
      set.status = 503
    }
    return { status, timestamp: new Date(deps.clock.now()).toISOString(), app: 'daybook', version: VERSION }
  }, { response: { 200: Health, 503: Health }, detail: { tags: ['health'], summary: 'Liveness and database check' } })
}
