/**
 * The rules of the user administration (docs/api/users.md §8.2–8.6) in the admin's language: the API words them in
 * English only, and the generic "forbidden" of the shared messages would hide which rule refused.
 */
import { ApiError } from '../../lib/api'
import { useLang, useT } from '../../lib/i18n'
import { errorMessage } from '../../lib/api-messages'
import { Notice } from '../../components/ui'
import { strings } from './strings'

type RuleKey = 'cannotModifySuper' | 'cannotDeleteSelf' | 'cannotLinkSelf' | 'lastSuperAdmin' | 'invalidRole' | 'alreadyVerified' | 'verificationOff'

function ruleOf(error: unknown): RuleKey | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.code === 'last_super_admin') return 'lastSuperAdmin'
  if (error.code === 'already_verified') return 'alreadyVerified'
  if (error.code === 'email_verification_off') return 'verificationOff'
  if (error.message === 'You cannot modify a super administrator.') return 'cannotModifySuper'
  if (error.message === 'You cannot delete your own account.') return 'cannotDeleteSelf'
  if (error.message === 'You cannot make a link for your own account.') return 'cannotLinkSelf'
  if (error.status === 422 && error.field('role')) return 'invalidRole'
  return undefined
}

/** A refused change, told next to the user it was about. */
export function RowError({ error }: { error: unknown }) {
  const t = useT(strings)
  const lang = useLang()
  const rule = ruleOf(error)
  return <Notice kind="error">{rule ? t(rule) : errorMessage(error, lang)}</Notice>
}
