/**
 * Checked by `npm run typecheck`, never run: the web app's API types are the server's declarations. Each line
 * below fails the type check when the typing it shows stops holding (an `@ts-expect-error` that no longer finds
 * an error is itself an error), so loosening `api` back to casts, or a response the pages no longer match,
 * is caught before any browser runs.
 */
import type { Static } from '@sinclair/typebox'
import { api } from '../../src/web/lib/api'
import type { FullUser } from '../../src/features/users/model-shared'
import type { CheckInEntry } from '../../src/features/check-in/model'
import type { ClipboardEntry } from '../../src/features/clipboard/model'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
const same = <A, B>(proof: Equal<A, B>) => proof

export async function wireTypes(userId: string, from: string) {
  // Answers are the declared response schemas, by path, path parameters and query strings included.
  same<Awaited<ReturnType<typeof api.get<'/users/me'>>>, Static<typeof FullUser>>(true)
  same<Awaited<ReturnType<typeof api.get<`/check-in?from=${string}`>>>, Static<typeof CheckInEntry>[]>(true)
  const profile = await api.get(`/users/${encodeURIComponent(userId)}/public-profile`)
  same<typeof profile.is_friend, boolean>(true)
  const entry = await api.post('/clipboard', { content: 'x' })
  same<typeof entry, Static<typeof ClipboardEntry>>(true)
  // @ts-expect-error a field the response does not declare
  void entry.owner
  // @ts-expect-error a path no route answers
  await api.get('/users/me/nothing')
  // @ts-expect-error a method the route does not take
  await api.delete('/check-in')
  // @ts-expect-error a body key the declaration does not have
  await api.post('/check-in', { date: from, mod: 3 })
  // @ts-expect-error a value its rules do not pass (`platform` is one of web, mobile, desktop)
  await api.post('/auth/login', { email: 'a@example.com', password: 'p', platform: 'tv' })
  // @ts-expect-error a required key left out
  await api.post('/auth/login', { email: 'a@example.com' })
  // @ts-expect-error a route that takes no body
  await api.post('/auth/logout', { everywhere: true })
}
