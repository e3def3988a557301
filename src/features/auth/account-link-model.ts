/** Request and response shapes of the admin's help for a member and of the links it hands over (docs/api/users.md §8.4–8.6, docs/api/auth.md §6). */
import { t } from 'elysia'
import { f, rules } from '../../lib/validation'
import { UserSummary } from '../users/model-shared'
import { RegisterPasskeyBody } from './passkey-model'
import { newPasswordField, platformField } from './fields'

/** The roles a new member may get: super admins are made by a role change, where §8.2's rules apply. */
export const MEMBER_ROLES = ['user', 'admin'] as const

/** docs/api/users.md §8.4 */
export const CreateMemberBody = rules({
  name: f.string().required().max(255),
  email: f.string().required().email().describe('unique (case-insensitive)'),
  role: f.string().oneOf(MEMBER_ROLES).describe('default user'),
})

/** The one-time link an admin hands over; its secret is in `url` and nowhere else. */
export const AccountLink = t.Object({
  url: t.String({ description: '{FRONTEND_URL}/auth/account-link?token={64 hex}' }),
  expires_at: t.String(),
})

export const CreatedMember = t.Object({ user: UserSummary, link: AccountLink })
export const MadeLink = t.Object({ link: AccountLink })

/** docs/api/auth.md §6.2: the link's secret, as the page read it from the link's `token`. */
export const LinkTokenBody = rules({ token: f.string().required().raw() })

export const LinkDetails = t.Object({
  purpose: t.UnionEnum(['invite', 'reset']),
  name: t.String(),
  email: t.String(),
  expires_at: t.String(),
})

/** docs/api/auth.md §6.3 */
export const LinkPasswordBody = LinkTokenBody.extend({
  password: newPasswordField().confirmed('password_confirmation'),
  password_confirmation: f.string().required().raw(),
  platform: platformField(),
})

/** docs/api/auth.md §6.5: the registration body of §4.3 with the link's secret beside it. */
export const LinkPasskeyBody = RegisterPasskeyBody.extend({ ...LinkTokenBody.fields, platform: platformField() })
