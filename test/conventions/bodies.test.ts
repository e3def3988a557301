/**
 * docs/api/conventions.md §2 and the processing order of §6 over every endpoint of the index that can carry a body:
 * 413 before authentication, 401 before parsing, 415/400 on JSON endpoints, bodies ignored where none is
 * taken, and non-multipart uploads answered as a missing file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { backupsSettled } from '../../src/features/backups/background'
import { call, expect401, expectExactError } from './common'
import { ENDPOINTS, sample, type Endpoint } from './endpoint-index'

let t: TestApp
beforeAll(() => { t = createTestApp() })
afterAll(() => t.close())

const token = async (ep: Endpoint) => (await createUser(t, { role: ep.auth === 'admin' ? 'admin' : 'user' })).token
const json = (body: string, contentType = 'application/json') => ({ body, headers: { 'content-type': contentType } })
const expect400 = (r: Awaited<ReturnType<typeof call>>) => expectExactError(r, 400, 'malformed_json', 'The request body is not valid JSON.')

/**
 * Endpoints whose own section checks something before the body: the chatbot alert toggles answer
 * `404 no_connection` first (docs/api/chatbot.md §4.3, "checked before the body").
 */
const BEFORE_BODY: Record<string, (r: Awaited<ReturnType<typeof call>>) => void> = {
  '/api/v1/chatbot/your-day-alert': (r) => expectExactError(r, 404, 'no_connection', 'No chatbot connection found.'),
  '/api/v1/chatbot/check-in-alert': (r) => expectExactError(r, 404, 'no_connection', 'No chatbot connection found.'),
  '/api/v1/telegram/your-day-alert': (r) => expectExactError(r, 404, 'no_connection', 'No chatbot connection found.'),
  '/api/v1/telegram/check-in-alert': (r) => expectExactError(r, 404, 'no_connection', 'No chatbot connection found.'),
}

/** The multipart field of uploads that do not carry an image (docs/api/import.md). */
const UPLOAD_FIELD: Record<string, string> = { '/api/v1/import': 'file' }

/**
 * Endpoints whose calls start or need background work. A backup started by a call is waited for (through the
 * code path the backup tests use), so neither the next call nor the next test races it. A delete of a backup
 * gets a finished archive of its own before each call, so every call it compares finds the same state.
 */
const AROUND: Record<string, { path?: () => Promise<string>; after?: () => Promise<void> }> = {
  'POST /api/v1/admin/backups': { after: () => backupsSettled(t.deps) },
  'DELETE /api/v1/admin/backups/{backup}': {
    async path() {
      const admin = (await createUser(t, { role: 'admin' })).token
      const started = await call(t, 'POST', '/api/v1/admin/backups', { token: admin })
      expect(started.status).toBe(202)
      await backupsSettled(t.deps)
      const run = await call(t, 'GET', `/api/v1/admin/backups/runs/${started.body.data.id}`, { token: admin })
      expect(run.body.data.status).toBe('completed')
      return `/api/v1/admin/backups/${run.body.data.file}`
    },
  },
}

for (const ep of ENDPOINTS.filter((x) => x.method !== 'GET')) {
  const path = sample(ep.path)
  describe(`${ep.method} ${ep.path}`, () => {
    test('413 over the body limit, before authentication', async () => {
      const big = `{"x":"${'a'.repeat(1_048_576)}"}`
      expectExactError(await call(t, ep.method, path, json(big)), 413, 'payload_too_large', 'The request body is too large.')
      const form = new FormData()
      form.append('image', new Blob([new Uint8Array(16_777_217)]), 'big.png')
      expectExactError(await call(t, ep.method, path, { body: form }), 413, 'payload_too_large', 'The request body is too large.')
    })

    if (ep.body === 'json') {
      if (ep.auth !== 'public') {
        test('without a token a broken body is still a 401', async () => {
          expect401(await call(t, ep.method, path, json('{"broken": ')))
          expect401(await call(t, ep.method, path, json('{}', 'application/xml')))
        })
      }

      test('malformed JSON and non-object JSON → 400, other content types → 415', async () => {
        const tok = ep.auth === 'public' ? undefined : await token(ep)
        const before = BEFORE_BODY[ep.path]
        for (const body of ['{"broken": ', '[]', 'null', '"text"', '7', '\u00ff\u00fe']) {
          const r = await call(t, ep.method, path, { ...json(body), token: tok })
          if (before) before(r)
          else expect400(r)
        }
        const r = await call(t, ep.method, path, { ...json('{}', 'text/html'), token: tok })
        if (before) before(r)
        else expectExactError(r, 415, 'unsupported_media_type', 'Unsupported media type.')
      })

      test('an empty body is {} whatever the content type; +json and text/plain are parsed', async () => {
        const statuses = new Set<number>()
        for (const opts of [json(''), json('', 'application/xml'), json('{}', 'application/vnd.api+json'), json('{}', 'text/plain;charset=utf-8'), json('{}', '')]) {
          const tok = ep.auth === 'public' ? undefined : await token(ep)
          statuses.add((await call(t, ep.method, path, { ...opts, token: tok })).status)
        }
        expect(statuses.size).toBe(1)
        expect([400, 415]).not.toContain([...statuses][0])
      })
    }

    if (ep.body === 'none') {
      test('a body is ignored and never parsed', async () => {
        const around = AROUND[`${ep.method} ${ep.path}`]
        const send = async (opts: Parameters<typeof call>[3]) => {
          const r = await call(t, ep.method, await around?.path?.() ?? path, { ...opts, token: await token(ep) })
          await around?.after?.()
          return r
        }
        const plain = await send({})
        const broken = await send(json('{"broken": '))
        const xml = await send(json('<x/>', 'application/xml'))
        expect([broken.status, xml.status]).toEqual([plain.status, plain.status])
      })
    }

    if (ep.body === 'upload') {
      test('a body that is not multipart counts as a missing file (422)', async () => {
        for (const opts of [json('{"image": "x"}'), json('{"broken": '), json('')]) {
          const r = await call(t, ep.method, path, { ...opts, token: await token(ep) })
          expect(r.status).toBe(422)
          const field = UPLOAD_FIELD[ep.path] ?? 'image'
          expect(r.body.errors).toEqual({ [field]: [`The ${field} field is required.`] })
        }
      })
    }
  })
}
