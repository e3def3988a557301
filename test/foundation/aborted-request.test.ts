/**
 * A client that closes the connection before its body has arrived is not a server error: it is logged as an
 * aborted request (warn, status 499 in the access line), never as an unhandled error or a 500.
 */
import { afterEach, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { until } from '../helpers/until'

let t: TestApp
let server: ReturnType<typeof Bun.serve> | undefined
afterEach(() => { server?.stop(true); t.close() })

const entries = () => t.logs.map((line) => JSON.parse(line) as Record<string, unknown>)

test('a body cut off by the client is logged as aborted, not as an error', async () => {
  t = createTestApp()
  const user = await createUser(t)
  // The app has the request (headers read, body still coming) before the client goes away.
  const { promise: received, resolve: receive } = Promise.withResolvers<void>()
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request: Request) => { receive(); return t.app.handle(request) } })
  const socket = connect(server.port!, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  socket.write([
    'POST /api/v1/check-in HTTP/1.1', 'Host: daybook.test', `Authorization: Bearer ${user.token}`,
    'Content-Type: application/json', 'Content-Length: 100000', '', '{"date":"2026-',
  ].join('\r\n'))
  await received
  socket.destroy()

  const accessLine = () => entries().find((e) => e.msg === 'request' && e.path === '/api/v1/check-in')
  await until(() => accessLine() !== undefined, undefined, 'the access line')
  const access = accessLine()
  expect(access).toMatchObject({ level: 'info', method: 'POST', status: 499 })
  expect(entries().find((e) => e.msg === 'request aborted')).toMatchObject({ level: 'warn', request_id: access!.request_id })
  expect(entries().filter((e) => e.level === 'error')).toEqual([])
})
