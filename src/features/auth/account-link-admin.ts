/**
 * An admin helping a member from the pages (docs/api/users.md §8.4–8.6): create the account with a one-time link to
 * hand over, make a password-reset link, send the verification mail again. Each is logged with the admin's and the
 * member's id; a link's secret never reaches the log.
 */
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { ConflictError, ForbiddenError } from '../../lib/errors'
import { NO_PASSWORD } from '../../lib/passwords'
import { findUserOr404 } from '../users/lookup'
import { presentUserSummary } from '../users/present'
import type { UserRow } from '../users/schema'
import { insertAccount, uniqueEmail } from './accounts'
import { storeAccountLink } from './account-links'
import { CreateMemberBody } from './account-link-model'
import { storeVerificationToken } from './one-time-tokens'
import { sendVerificationMail } from './mails'

/**
 * Whom an admin may help: the rules of update and delete (§8.2–8.3). Only a super admin acts on a super admin; oneself
 * only where `ownAccount` is undefined (a reset link for oneself would change one's password without the current one).
 */
function mayHelp(actor: Actor, target: UserRow, ownAccount?: string): void {
  if (target.id === actor.user.id) {
    if (ownAccount !== undefined) throw new ForbiddenError(ownAccount)
    return
  }
  if (target.role === 'super_admin' && actor.user.role !== 'super_admin') throw new ForbiddenError('You cannot modify a super administrator.')
}

/**
 * docs/api/users.md §8.4: a verified account without a password (the admin vouches for the address) and its invite
 * link, in one write. The member's language starts as the admin's: a family mostly shares one.
 */
export function createMember(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>, actor: Actor, body: Unchecked<typeof CreateMemberBody>) {
  const input = CreateMemberBody.refine({ email: (field) => field.check(uniqueEmail(deps)) }).validate(body)
  const now = deps.clock.now()
  const { user, link } = deps.db.transaction((tx) => {
    const user = insertAccount(tx, deps, {
      name: input.name, email: input.email, passwordHash: NO_PASSWORD, language: actor.user.language, role: input.role ?? 'user', verified: true,
    }, now)
    return { user, link: storeAccountLink(tx, deps, user.id, 'invite', now) }
  }, { behavior: 'immediate' })
  deps.logger.info('member created by an admin', { admin_id: actor.user.id, user_id: user.id, role: user.role, link_expires_at: link.expires_at })
  return { user: presentUserSummary(user), link }
}

/** docs/api/users.md §8.5: a `reset` link replacing any earlier link of the member. */
export function makeResetLink(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>, actor: Actor, userId: string) {
  const target = findUserOr404(deps, userId)
  mayHelp(actor, target, 'You cannot make a link for your own account.')
  const link = deps.db.transaction((tx) => storeAccountLink(tx, deps, target.id, 'reset', deps.clock.now()))
  deps.logger.info('password-reset link made by an admin', { admin_id: actor.user.id, user_id: target.id, link_expires_at: link.expires_at })
  return { link }
}

/**
 * docs/api/users.md §8.6: a fresh verification link by mail, as the member's own resend does; a server without
 * verification, or an address already verified, is a 409 that says what to do instead.
 */
export function resendVerificationAsAdmin(deps: Deps, actor: Actor, userId: string): void {
  const target = findUserOr404(deps, userId)
  mayHelp(actor, target)
  if (!deps.config.emailVerification) {
    throw new ConflictError('E-mail verification is off on this server: mark the address verified instead.', 'email_verification_off')
  }
  if (target.emailVerifiedAt !== null) throw new ConflictError('This e-mail address is already verified.', 'already_verified')
  const token = deps.db.transaction((tx) => storeVerificationToken(tx, target.id, deps.clock.now()))
  sendVerificationMail(deps, target, target.language, token, 'web')
  deps.logger.info('verification mail resent by an admin', { admin_id: actor.user.id, user_id: target.id })
}
