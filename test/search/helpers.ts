import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'
import { commitOk } from '../quick-add/helpers'

/** GET /api/v1/search with `q` (encoded) and any further query string. */
export const search = (t: TestApp, user: TestUser | null, q: string | undefined, more = ''): Promise<TestResponse> =>
  t.request('GET', `/api/v1/search?${q === undefined ? '' : `q=${encodeURIComponent(q)}`}${more}`, { token: user?.token })

/** The hits of a search that must succeed. */
export async function hits(t: TestApp, user: TestUser, q: string, more = ''): Promise<any[]> {
  const r = await search(t, user, q, more)
  if (r.status !== 200) throw new Error(`search ${JSON.stringify(q)}: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

/** A hit's text as plain text, marks in brackets: [milk] and honey. */
export const shown = (segments: { text: string; mark: boolean }[]) => segments.map((s) => (s.mark ? `[${s.text}]` : s.text)).join('')

/** A note through quick add (title and content given). */
export const addNote = (t: TestApp, user: TestUser, title: string, content: string) =>
  commitOk(t, user, { content, content_type: 'note', metadata: { title, content } })

/** A text clipboard entry. */
export async function addClip(t: TestApp, user: TestUser, content: string): Promise<any> {
  const r = await t.request('POST', '/api/v1/clipboard', { token: user.token, body: { content } })
  if (r.status !== 200) throw new Error(`clipboard: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

/** A day's note through the check-in. */
export async function writeNote(t: TestApp, user: TestUser, date: string, note: string | null): Promise<any> {
  const r = await t.request('POST', '/api/v1/check-in', { token: user.token, body: { date, note } })
  if (r.status !== 201) throw new Error(`check-in: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}
