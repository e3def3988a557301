import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import type { FieldErrors } from '../../lib/errors'
import { collectErrors, f, throwIfErrors, validate } from '../../lib/validation'
import { pageQuery, type PageQuery } from '../../lib/http/pagination'
import { paginationMeta, type PaginationMeta } from '../../lib/http/envelope'
import { selectClipboardPage } from './queries'
import { presentClipboardEntry, type ClipboardEntry } from './present'

const MAX_PER_PAGE = 100
const TYPES = ['text', 'image'] as const

/** clipboard.md 2 — one page of the actor's entries, newest first (ties: higher id first). */
export function listClipboardEntries(
  deps: Pick<Deps, 'db' | 'config'>, actor: Actor, query: Record<string, unknown>,
): { entries: ClipboardEntry[]; meta: PaginationMeta } {
  // Both steps run, so every invalid query field is reported at once.
  const errors: FieldErrors = {}
  const page = collectErrors(errors, () => pageQuery(query, MAX_PER_PAGE))
  const filter = collectErrors(errors, () => validate(query, { type: f.string().oneOf(TYPES) }))
  throwIfErrors(errors)
  const { perPage, offset, page: current } = page as PageQuery

  const { rows, total } = selectClipboardPage(deps.db, actor.user.id, filter?.type, perPage, offset)
  return { entries: rows.map((row) => presentClipboardEntry(deps, row)), meta: paginationMeta(current, perPage, total, rows.length) }
}
