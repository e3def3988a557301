import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope } from '../../lib/http/schemas'
import { UserSummary } from '../users/model-shared'
import { f, rules } from '../../lib/validation'
import { newPasswordField, PASSWORD_MAX, platformField } from './fields'
import { MAIL_LANGUAGES } from './mail-templates'

/**
 * The bodies of the account endpoints (docs/api/auth.md §3). The verbs validate them where the contract's processing
 * order puts validation; register adds the unique e-mail rule, which needs the database.
 */
export const RegisterBody = rules({
  name: f.string().required().max(255),
  email: f.string().required().email(),
  password: newPasswordField().confirmed('password_confirmation'),
  password_confirmation: f.string().required().raw(),
  language: f.string().oneOf(MAIL_LANGUAGES).describe('language of the verification mail; defaults to en'),
  platform: platformField(),
})

export const LoginBody = rules({
  email: f.string().required().email(),
  // No minimum here; the maximum is checked before the (slow) password verification.
  password: f.string().required().raw().max(PASSWORD_MAX),
  platform: platformField(),
})

export const VerifyBody = rules({
  user_id: f.string().required(),
  token: f.string().required(),
})

/** verify/resend and forgot-password: the same body, answered alike whether or not the account exists. */
export const EmailBody = rules({
  email: f.string().required().email(),
  platform: platformField(),
})

export const ResetPasswordBody = rules({
  token: f.string().required(),
  email: f.string().required().email(),
  password: newPasswordField().confirmed('password_confirmation'),
  password_confirmation: f.string().raw(),
})

export const RefreshBody = rules({ platform: platformField().describe('defaults to the calling token\'s platform') })

export const RevokeTokenBody = rules({ token_id: f.integer().required() })

/** docs/api/users.md §2.1: the caller's own name and e-mail address; at least one of them. */
export const UpdateOwnAccountBody = rules({
  name: f.string().max(255),
  email: f.string().email().describe('unique (case-insensitive); with EMAIL_VERIFICATION on it waits in pending_email until confirmed'),
})

/** docs/api/users.md §2.2: one of the two proofs that the caller is the account's owner. */
export const DeleteOwnAccountBody = rules({
  current_password: f.string().raw().describe("the caller's password; or send passkey"),
  passkey: f.object().raw().describe('credential.toJSON() of an assertion over the challenge of POST /users/me/delete-options'),
})

/** docs/api/auth.md §3.3: the data of login and refresh. */
export const SessionData = t.Object({
  user: UserSummary,
  token: t.String(),
  token_type: t.String(),
  token_expires_at: t.String(),
})

/** docs/api/auth.md §1.2 */
export const TokenItem = t.Object({
  id: Type.Integer(),
  name: t.String(),
  created_at: t.String(),
  last_used_at: t.Nullable(t.String()),
  expires_at: t.String(),
  is_current: t.Boolean(),
  browser: t.Nullable(t.String()),
  system: t.Nullable(t.String()),
  device: t.String(),
  ip: t.Nullable(t.String()),
})

export const SessionEnvelope = Envelope(SessionData)
export const TokenListEnvelope = Envelope(t.Array(TokenItem))
export const RevokedEnvelope = Envelope(t.Object({ revoked: Type.Integer() }))
