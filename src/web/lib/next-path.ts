/**
 * Where a person goes once signed in: the page that sent them to sign in (`?next=`), if it is one of ours. A detour
 * (sign-in → register → sign-in) carries it along, so a friend's link opened without an account still ends there.
 */
import { PAGES } from '../paths'

export function nextPath(query: Record<string, string>): string {
  const next = query.next
  return next && next.startsWith('/') && !next.startsWith('//') ? next : PAGES.today
}

/** `path` with the `next` of `query`, when there is one to carry. */
export function withNext(path: string, query: Record<string, string>): string {
  const next = nextPath(query)
  return next === PAGES.today ? path : `${path}?next=${encodeURIComponent(next)}`
}
