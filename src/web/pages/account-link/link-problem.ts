/** The API's refusals of a link (docs/api/auth.md §6.1), as the page words them. */
import { ApiError } from '../../lib/api'

export type LinkProblem = 'invalid' | 'expired'

export function linkProblem(error: unknown): LinkProblem | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.code === 'invalid_account_link') return 'invalid'
  if (error.code === 'account_link_expired') return 'expired'
  return undefined
}
