import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { ValidationError, type FieldErrors } from '../../lib/errors'
import { f, validate } from '../../lib/validation'
import { pageQuery, type PageQuery } from '../../lib/http/pagination'
import { paginationMeta, type PaginationMeta } from '../../lib/http/envelope'
import { selectClipboardPage } from './queries'
import { presentClipboardEntry, type ClipboardEntry } from './present'

const MAX_PER_PAGE = 100
const TYPES = ['text', 'image'] as const

/** Runs one validation step, collecting its 422 field errors so every invalid query field is reported at once. */
function collect<T>(errors: FieldErrors, run: () => T): T | undefined {
  try {
    return run()
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err
    Object.assign(errors, err.errors)
    return undefined
  }
}

/** clipboard.md 2 — one page of the actor's entries, newest first (ties: higher id first). */
export function listClipboardEntries(
  deps: Pick<Deps, 'db' | 'config'>, actor: Actor, query: Record<string, unknown>,
): { entries: ClipboardEntry[]; meta: PaginationMeta } {
  const errors: FieldErrors = {}
  const page = collect(errors, () => pageQuery(query, MAX_PER_PAGE))
  const filter = collect(errors, () => validate(query, { type: f.string().oneOf(TYPES) }))
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  const { perPage, offset, page: current } = page as PageQuery

  const { rows, total } = selectClipboardPage(deps.db, actor.user.id, filter?.type, perPage, offset)
  return { entries: rows.map((row) => presentClipboardEntry(deps, row)), meta: paginationMeta(current, perPage, total, rows.length) }
}
