/**
 * What a row offers the signed-in admin: only what the API would allow (docs/api/users.md §8.2–8.6), so no action is
 * offered only to be refused. Oneself: no role change and no deletion here (neither a way to lose one's own admin
 * rights by a slip, nor the last super admin stepping down); a super admin's row: nothing, unless one is a super admin.
 */
import type { Role, UserSummary } from './user-row'

export interface Admin { id: string; role: Role }

export interface RowRules {
  /** Why this row offers less, told in the row: oneself, or a super admin seen by an admin. */
  note?: 'selfNote' | 'superNote'
  changeRole: boolean
  /** The roles the select offers: a super admin may give every role, an admin user and admin. */
  roles: Role[]
  markVerified: boolean
  resendVerification: boolean
  resetLink: boolean
  remove: boolean
}

export function rowRules(admin: Admin, user: UserSummary, emailVerification: boolean): RowRules {
  const self = admin.id === user.id
  const locked = !self && user.role === 'super_admin' && admin.role !== 'super_admin'
  const unverified = !user.confirmed && !locked
  return {
    note: self ? 'selfNote' : locked ? 'superNote' : undefined,
    changeRole: !self && !locked,
    roles: admin.role === 'super_admin' ? ['user', 'admin', 'super_admin'] : ['user', 'admin'],
    markVerified: unverified,
    resendVerification: unverified && emailVerification,
    resetLink: !self && !locked,
    remove: !self && !locked,
  }
}
