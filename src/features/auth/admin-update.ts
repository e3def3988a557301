/**
 * docs/api/users.md §8.2: update a user. The user is looked up and permission decided before validation; role and
 * confirmed are applied only for admin callers; demoting the last super admin is a 409; a password change
 * revokes tokens. One's own address changes as through `PATCH /users/me` (own-account-update.ts): with e-mail
 * verification on it waits for its confirmation — an admin vouches for others' addresses, not for their own.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { ConflictError, ForbiddenError } from '../../lib/errors'
import { isAdmin } from '../../lib/actor'
import { rules, type Unchecked, type Validated } from '../../lib/validation'
import { emailVerificationTokens } from './schema'
import { hashPassword, verifyPassword } from '../../lib/passwords'
import { revokeAfterPasswordChange } from './change-password'
import { emailTakenError, isEmailTaken, superAdminCount } from '../users/admin-queries'
import { isUniqueViolation } from '../../lib/db/client'
import { findUserOr404 } from '../users/lookup'
import { presentUserSummary } from '../users/present'
import { users, type UserRow } from '../users/schema'
import { AdminUpdateBody } from './account-model'
import { ownEmailPatch, sendEmailConfirmation, storeEmailConfirmation } from './own-account-update'

type Role = UserRow['role']
type UpdateDeps = Deps

function authorizeUpdate(actor: Actor, target: UserRow): void {
  if (target.id === actor.user.id) return
  if (!isAdmin(actor.user.role)) throw new ForbiddenError()
  if (actor.user.role === 'admin' && target.role === 'super_admin') throw new ForbiddenError('You cannot modify a super administrator.')
}

/** Only a super admin may grant super_admin (docs/api/users.md §8.2); admins may grant user and admin. */
const grantableBy = (caller: Role) => (v: unknown, a: string) =>
  v === 'super_admin' && caller !== 'super_admin' ? `The selected ${a} is invalid.` : undefined

/**
 * The declared fields with the checks that need the database and the caller; `role` and `confirmed` count only
 * for admin callers and are otherwise ignored like any unknown field.
 */
function updateRules(deps: UpdateDeps, actor: Actor, target: UserRow, currentPasswordOk: boolean) {
  const refined = AdminUpdateBody.refine({
    email: (field) => field.check((v: string, a) => isEmailTaken(deps, v, target.id) ? `The ${a} has already been taken.` : undefined),
    current_password: (field) => field.check((_v, _a, input) => input.password !== undefined && !currentPasswordOk ? 'The password is incorrect.' : undefined),
    role: (field) => field.check(grantableBy(actor.user.role)),
  })
  const { role: _role, confirmed: _confirmed, ...own } = refined.fields
  return isAdmin(actor.user.role) ? refined : rules(own)
}

/**
 * The caller's own password is checked up front (hashing is async; validation is synchronous), whenever a
 * password is sent at all: a new password of the wrong type must not make a correct current one "incorrect".
 */
async function verifyCallerPassword(actor: Actor, input: Unchecked<typeof AdminUpdateBody>): Promise<boolean> {
  const { password, current_password: current } = input
  if (password === undefined || password === null || password === '') return false
  if (typeof current !== 'string' || current === '') return false
  return verifyPassword(current, actor.user.passwordHash)
}

export async function updateUser(deps: UpdateDeps, actor: Actor, userId: string, input: Unchecked<typeof AdminUpdateBody>) {
  const target = findUserOr404(deps, userId)
  authorizeUpdate(actor, target)
  const currentPasswordOk = await verifyCallerPassword(actor, input)
  const values: Partial<Validated<typeof AdminUpdateBody>> = updateRules(deps, actor, target, currentPasswordOk).validate(input)
  const demotes = values.role !== undefined && values.role !== 'super_admin' && target.role === 'super_admin'
  const lastSuperAdmin = () => new ConflictError('The last super administrator cannot be demoted.', 'last_super_admin')
  if (demotes && superAdminCount(deps) <= 1) throw lastSuperAdmin()
  const passwordHash = values.password === undefined ? undefined : await hashPassword(deps, values.password)

  const now = deps.clock.now()
  const patch: Partial<typeof users.$inferInsert> = {}
  if (values.name !== undefined) patch.name = values.name
  const self = target.id === actor.user.id
  const ownEmail = self && values.email !== undefined ? ownEmailPatch(deps, target, values.email) : undefined
  if (ownEmail) Object.assign(patch, ownEmail.patch)
  else if (values.email !== undefined) Object.assign(patch, { email: values.email, emailKey: values.email.toLowerCase() })
  if (values.role !== undefined) patch.role = values.role
  if (values.confirmed !== undefined) patch.emailVerifiedAt = values.confirmed ? (target.emailVerifiedAt ?? now) : null
  if (passwordHash !== undefined) patch.passwordHash = passwordHash

  let confirmation: ReturnType<typeof storeEmailConfirmation>
  try {
    confirmation = deps.db.transaction((tx) => {
      // Re-checked inside the write so two concurrent demotions cannot both pass.
      if (demotes && superAdminCount({ db: tx }) <= 1) throw lastSuperAdmin()
      if (Object.keys(patch).length > 0) tx.update(users).set({ ...patch, updatedAt: now }).where(eq(users.id, target.id)).run()
      if (values.confirmed === true) tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, target.id)).run()
      if (passwordHash !== undefined) revokeAfterPasswordChange(tx, target.id, self ? actor.tokenId : undefined)
      return ownEmail && storeEmailConfirmation(tx, target, ownEmail, now)
    })
  } catch (err) {
    if (isUniqueViolation(err, 'users.email_key')) throw emailTakenError()
    throw err
  }
  const updated = deps.db.select().from(users).where(eq(users.id, target.id)).get()!
  sendEmailConfirmation(deps, actor, updated, confirmation)
  return presentUserSummary(updated)
}
