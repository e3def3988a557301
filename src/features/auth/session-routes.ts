import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { noteRequestUser } from '../../lib/http/request-scope'
import { ok } from '../../lib/http/envelope'
import { API, NullEnvelope } from '../../lib/http/schemas'
import {
  EmailBody, LoginBody, RefreshBody, RegisterBody, ResetPasswordBody, RevokedEnvelope, RevokeTokenBody,
  SessionEnvelope, TokenListEnvelope, VerifyBody,
} from './model'
import { authLimiters } from './rate-limits'
import { registerUser } from './register'
import { loginWithPassword } from './login'
import { resendVerification, verifyEmail } from './verification'
import { requestPasswordReset, resetPassword } from './password-reset'
import { listSessions, logout, logoutOtherSessions, refreshSession, revokeOwnToken } from './sessions'
import { passkeyRoutes } from './passkey-routes'

const tags = ['auth']

/**
 * Registration, sign-in and sessions (docs/api/auth.md §3), and the passkeys (passkey-routes.ts) under the same prefix.
 */
export function sessionRoutes(deps: Deps) {
  const { clock } = deps
  return new Elysia({ name: 'auth-sessions', prefix: `${API}/auth` })
    .use(guard(deps))
    .use(passkeyRoutes(deps))
    .post('/register', async ({ body, set }) => {
      await registerUser(deps, body)
      set.status = 201
      return ok(clock, 'User registered successfully.', null)
    }, { rateLimit: authLimiters.register, parse: 'json', body: RegisterBody.checkedByVerb, response: { 201: NullEnvelope },
      detail: { tags, summary: 'Register an account' } })
    .post('/login', async ({ body }) => {
      const session = await loginWithPassword(deps, body)
      noteRequestUser(session.user.id)
      return ok(clock, 'Login successful.', session)
    }, { rateLimit: authLimiters.login, parse: 'json', body: LoginBody.checkedByVerb, response: { 200: SessionEnvelope },
      detail: { tags, summary: 'Sign in with e-mail and password' } })
    .post('/verify', ({ body, set }) => {
      verifyEmail(deps, body)
      set.status = 201
      return ok(clock, 'User successfully confirmed.', null)
    }, { rateLimit: authLimiters.verify, parse: 'json', body: VerifyBody.checkedByVerb, response: { 201: NullEnvelope },
      detail: { tags, summary: 'Confirm an e-mail address' } })
    .post('/verify/resend', ({ body }) => {
      resendVerification(deps, body)
      return ok(clock, 'If an unverified account exists for this email, a new verification link has been sent.', null)
    }, { rateLimit: authLimiters.password, parse: 'json', body: EmailBody.checkedByVerb, response: { 200: NullEnvelope },
      detail: { tags, summary: 'Send a new verification link' } })
    .post('/forgot-password', ({ body }) => {
      requestPasswordReset(deps, body)
      return ok(clock, 'If an account exists for this email, a password reset link has been sent.', null)
    }, { rateLimit: authLimiters.password, parse: 'json', body: EmailBody.checkedByVerb, response: { 200: NullEnvelope },
      detail: { tags, summary: 'Mail a password-reset link' } })
    .post('/reset-password', async ({ body }) => {
      await resetPassword(deps, body)
      return ok(clock, 'Password reset successfully. You can now log in.', null)
    }, { rateLimit: authLimiters.password, parse: 'json', body: ResetPasswordBody.checkedByVerb, response: { 200: NullEnvelope },
      detail: { tags, summary: 'Set a new password with a mailed token' } })
    .post('/logout', ({ actor }) => {
      logout(deps, actor)
      return ok(clock, 'Logout successful.', null)
    }, { auth: 'user', response: { 200: NullEnvelope }, detail: { tags, summary: 'Revoke the calling token' } })
    .post('/logout-all', ({ actor }) => ok(clock, 'Logged out from all devices.', logoutOtherSessions(deps, actor)),
      { auth: 'user', response: { 200: RevokedEnvelope }, detail: { tags, summary: 'Revoke every other token' } })
    .post('/refresh', ({ actor, body }) => ok(clock, 'Token refreshed successfully.', refreshSession(deps, actor, body)), {
      auth: 'user',
      parse: 'json',
      body: RefreshBody.checkedByVerb,
      response: { 200: SessionEnvelope },
      detail: { tags, summary: 'Swap the calling token for a new one' },
    })
    .get('/tokens', ({ actor }) => ok(clock, 'Tokens retrieved successfully.', listSessions(deps, actor)),
      { auth: 'user', response: { 200: TokenListEnvelope }, detail: { tags, summary: 'List the active tokens' } })
    .post('/revoke-token', ({ actor, body }) => {
      revokeOwnToken(deps, actor, body)
      return ok(clock, 'Token revoked successfully', null)
    }, { auth: 'user', parse: 'json', body: RevokeTokenBody.checkedByVerb, response: { 200: NullEnvelope },
      detail: { tags, summary: 'Revoke another token of the caller' } })
}
