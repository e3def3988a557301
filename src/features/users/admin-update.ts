/**
 * users.md 8.2: update a user. Permission is decided before validation; role and confirmed are applied only
 * for admin callers; demoting the last super admin is a 409; a password change revokes tokens.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { ConflictError, ForbiddenError } from '../../lib/errors'
import { isAdmin } from '../../lib/http/auth'
import { f, validate, type Schema } from '../../lib/validation'
import { emailVerificationTokens } from '../auth/schema'
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/fields'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { revokeAfterPasswordChange } from './change-password'
import { emailTakenError, isEmailTaken, superAdminCount } from './admin-queries'
import { isUniqueViolation } from '../../lib/db/client'
import { findUserOr404 } from './lookup'
import { presentUserSummary } from './present'
import { users, type UserRow } from './schema'

type Role = UserRow['role']
type UpdateDeps = Pick<Deps, 'db' | 'clock'>

function authorizeUpdate(actor: Actor, target: UserRow): void {
  if (target.id === actor.user.id) return
  if (!isAdmin(actor.user.role)) throw new ForbiddenError()
  if (actor.user.role === 'admin' && target.role === 'super_admin') throw new ForbiddenError('You cannot modify a super administrator.')
}

const assignableRoles = (caller: Role): Role[] => caller === 'super_admin' ? ['user', 'admin', 'super_admin'] : ['user', 'admin']

function updateSchema(deps: UpdateDeps, actor: Actor, target: UserRow, currentPasswordOk: boolean): Schema {
  const schema: Schema = {
    name: f.string().max(255),
    email: f.string().email().check((v: string, a) => isEmailTaken(deps, v, target.id) ? `The ${a} has already been taken.` : undefined),
    password: f.string().raw().min(PASSWORD_MIN).max(PASSWORD_MAX).confirmed('password_confirmation'),
    password_confirmation: f.string().raw().requiredWith('password'),
    current_password: f.string().raw().requiredWith('password')
      .check((_v, _a, input) => input.password !== undefined && !currentPasswordOk ? 'The password is incorrect.' : undefined),
  }
  if (isAdmin(actor.user.role)) {
    schema.role = f.any().oneOf(assignableRoles(actor.user.role))
    schema.confirmed = f.boolean()
  }
  return schema
}

/**
 * The caller's own password is checked up front (hashing is async; validation is synchronous), whenever a
 * password is sent at all: a new password of the wrong type must not make a correct current one "incorrect".
 */
async function verifyCallerPassword(actor: Actor, input: Record<string, unknown>): Promise<boolean> {
  const { password, current_password: current } = input
  if (password === undefined || password === null || password === '') return false
  if (typeof current !== 'string' || current === '') return false
  return verifyPassword(current, actor.user.passwordHash)
}

export async function updateUser(deps: UpdateDeps, actor: Actor, userId: string, input: Record<string, unknown>) {
  const target = findUserOr404(deps, userId)
  authorizeUpdate(actor, target)
  const currentPasswordOk = await verifyCallerPassword(actor, input)
  const values = validate(input, updateSchema(deps, actor, target, currentPasswordOk)) as {
    name?: string; email?: string; password?: string; role?: Role; confirmed?: boolean
  }
  const demotes = values.role !== undefined && values.role !== 'super_admin' && target.role === 'super_admin'
  const lastSuperAdmin = () => new ConflictError('The last super administrator cannot be demoted.', 'last_super_admin')
  if (demotes && superAdminCount(deps) <= 1) throw lastSuperAdmin()
  const passwordHash = values.password === undefined ? undefined : await hashPassword(values.password)

  const now = deps.clock.now()
  const patch: Partial<typeof users.$inferInsert> = {}
  if (values.name !== undefined) patch.name = values.name
  if (values.email !== undefined) Object.assign(patch, { email: values.email, emailKey: values.email.toLowerCase() })
  if (values.role !== undefined) patch.role = values.role
  if (values.confirmed !== undefined) patch.emailVerifiedAt = values.confirmed ? (target.emailVerifiedAt ?? now) : null
  if (passwordHash !== undefined) patch.passwordHash = passwordHash

  try {
    deps.db.transaction((tx) => {
      // Re-checked inside the write so two concurrent demotions cannot both pass.
      if (demotes && superAdminCount({ db: tx }) <= 1) throw lastSuperAdmin()
      if (Object.keys(patch).length > 0) tx.update(users).set({ ...patch, updatedAt: now }).where(eq(users.id, target.id)).run()
      if (values.confirmed === true) tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, target.id)).run()
      if (passwordHash !== undefined) revokeAfterPasswordChange(tx, target.id, target.id === actor.user.id ? actor.tokenId : undefined)
    })
  } catch (err) {
    if (isUniqueViolation(err, 'users.email_key')) throw emailTakenError()
    throw err
  }
  return presentUserSummary(deps.db.select().from(users).where(eq(users.id, target.id)).get()!)
}
