import { f, rules } from '../../lib/validation'
import { ROLES } from '../users/model-shared'
import { PASSWORD_MAX, PASSWORD_MIN, newPasswordField } from './fields'

/** The account changes of docs/api/users.md §4 and 8.2, served under /users by account-routes.ts. */
/** docs/api/users.md §4: the caller's current password, then the new one twice. */
export const ChangePasswordBody = rules({
  current_password: f.string().raw().required(),
  new_password: newPasswordField().confirmed('new_password_confirmation'),
  new_password_confirmation: f.string().raw().required(),
})

/**
 * docs/api/users.md §8.2: every field an update may carry. The verb adds what needs the database or the caller (a taken
 * e-mail, the caller's password, which roles the caller may grant) and drops `role` and `confirmed` for
 * callers who are not admins.
 */
export const AdminUpdateBody = rules({
  name: f.string().max(255),
  email: f.string().email().describe('unique (case-insensitive)'),
  password: f.string().raw().min(PASSWORD_MIN).max(PASSWORD_MAX).confirmed('password_confirmation'),
  password_confirmation: f.string().raw().requiredWith('password'),
  current_password: f.string().raw().requiredWith('password').describe("the caller's own password; required with password"),
  role: f.any().oneOf(ROLES).describe('admins only; only a super admin may grant super_admin'),
  confirmed: f.boolean().describe('admins only'),
})
