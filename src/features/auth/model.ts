import { t } from 'elysia'
import { Envelope } from '../../lib/http/schemas'
import { UserSummary } from '../users/model-shared'

/** Request bodies, for the OpenAPI document only: validation runs in the services with the contract's messages. */
/** `platform` of login, passkey sign-in and the mailed links (conventions.md 9). */
export const Platform = t.Optional(t.Union([t.Literal('web'), t.Literal('mobile'), t.Literal('desktop')], { default: 'web' }))
const Password = t.String({ minLength: 12, maxLength: 1024 })

export const RegisterBody = t.Object({
  name: t.String({ maxLength: 255 }),
  email: t.String({ format: 'email' }),
  password: Password,
  password_confirmation: t.String(),
  language: t.Optional(t.Union([t.Literal('en'), t.Literal('de'), t.Literal('fr'), t.Literal('es')], { default: 'en' })),
  platform: Platform,
})

export const LoginBody = t.Object({ email: t.String({ format: 'email' }), password: t.String({ maxLength: 1024 }), platform: Platform })

export const VerifyBody = t.Object({ user_id: t.String(), token: t.String() })

export const EmailBody = t.Object({ email: t.String({ format: 'email' }), platform: Platform })

export const ResetPasswordBody = t.Object({
  token: t.String(),
  email: t.String({ format: 'email' }),
  password: Password,
  password_confirmation: t.Optional(t.String()),
})

export const RefreshBody = t.Object({ platform: Platform })

export const RevokeTokenBody = t.Object({ token_id: t.Integer() })

/** auth.md 3.3: the data of login and refresh. */
export const SessionData = t.Object({
  user: UserSummary,
  token: t.String(),
  token_type: t.String(),
  token_expires_at: t.String(),
})

/** auth.md 1.2 */
export const TokenItem = t.Object({
  id: t.Integer(),
  name: t.String(),
  created_at: t.String(),
  last_used_at: t.Nullable(t.String()),
  expires_at: t.String(),
  is_current: t.Boolean(),
})

export const SessionEnvelope = Envelope(SessionData)
export const TokenListEnvelope = Envelope(t.Array(TokenItem))
export const RevokedEnvelope = Envelope(t.Object({ revoked: t.Integer() }))
