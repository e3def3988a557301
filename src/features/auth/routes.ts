import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { noteRequestUser } from '../../lib/http/context'
import { readJson } from '../../lib/http/body'
import { ok } from '../../lib/http/envelope'
import { jsonBody, NullEnvelope } from '../../lib/http/schemas'
import {
  EmailBody, LoginBody, RefreshBody, RegisterBody, ResetPasswordBody, RevokedEnvelope, RevokeTokenBody,
  SessionEnvelope, TokenListEnvelope, VerifyBody,
} from './model'
import { authLimiters, readLimitedBody } from './rate-limits'
import { registerUser } from './register'
import { loginWithPassword } from './login'
import { resendVerification, verifyEmail } from './verification'
import { requestPasswordReset, resetPassword } from './password-reset'
import { listSessions, logout, logoutOtherSessions, refreshSession, revokeOwnToken } from './sessions'

const tags = ['auth']

/** Accounts and sessions (auth.md §3). Public routes: body → rate limit → service (which validates). */
export function authRoutes(deps: Deps) {
  const { clock } = deps
  return new Elysia({ name: 'auth' })
    .use(authPlugin(deps))
    .post('/api/v1/auth/register', async ({ request, set }) => {
      const body = readLimitedBody(deps, request, authLimiters.register)
      await registerUser(deps, body)
      set.status = 201
      return ok(clock, 'User registered successfully.', null)
    }, { response: { 201: NullEnvelope }, detail: { tags, summary: 'Register an account', ...jsonBody(RegisterBody) } })
    .post('/api/v1/auth/login', async ({ request }) => {
      const body = readLimitedBody(deps, request, authLimiters.login)
      const session = await loginWithPassword(deps, body)
      noteRequestUser(request, session.user.id)
      return ok(clock, 'Login successful.', session)
    }, { response: { 200: SessionEnvelope }, detail: { tags, summary: 'Sign in with e-mail and password', ...jsonBody(LoginBody) } })
    .post('/api/v1/auth/verify', ({ request, set }) => {
      const body = readLimitedBody(deps, request, authLimiters.verify)
      verifyEmail(deps, body)
      set.status = 201
      return ok(clock, 'User successfully confirmed.', null)
    }, { response: { 201: NullEnvelope }, detail: { tags, summary: 'Confirm an e-mail address', ...jsonBody(VerifyBody) } })
    .post('/api/v1/auth/verify/resend', ({ request }) => {
      const body = readLimitedBody(deps, request, authLimiters.password)
      resendVerification(deps, body)
      return ok(clock, 'If an unverified account exists for this email, a new verification link has been sent.', null)
    }, { response: { 200: NullEnvelope }, detail: { tags, summary: 'Send a new verification link', ...jsonBody(EmailBody) } })
    .post('/api/v1/auth/forgot-password', ({ request }) => {
      const body = readLimitedBody(deps, request, authLimiters.password)
      requestPasswordReset(deps, body)
      return ok(clock, 'If an account exists for this email, a password reset link has been sent.', null)
    }, { response: { 200: NullEnvelope }, detail: { tags, summary: 'Mail a password-reset link', ...jsonBody(EmailBody) } })
    .post('/api/v1/auth/reset-password', async ({ request }) => {
      const body = readLimitedBody(deps, request, authLimiters.password)
      await resetPassword(deps, body)
      return ok(clock, 'Password reset successfully. You can now log in.', null)
    }, { response: { 200: NullEnvelope }, detail: { tags, summary: 'Set a new password with a mailed token', ...jsonBody(ResetPasswordBody) } })
    .post('/api/v1/auth/logout', ({ actor }) => {
      logout(deps, actor)
      return ok(clock, 'Logout successful.', null)
    }, { auth: 'user', response: { 200: NullEnvelope }, detail: { tags, summary: 'Revoke the calling token' } })
    .post('/api/v1/auth/logout-all', ({ actor }) => ok(clock, 'Logged out from all devices.', logoutOtherSessions(deps, actor)),
      { auth: 'user', response: { 200: RevokedEnvelope }, detail: { tags, summary: 'Revoke every other token' } })
    .post('/api/v1/auth/refresh', ({ actor, request }) => {
      const body = readJson(request)
      return ok(clock, 'Token refreshed successfully.', refreshSession(deps, actor, body))
    }, { auth: 'user', response: { 200: SessionEnvelope }, detail: { tags, summary: 'Swap the calling token for a new one', ...jsonBody(RefreshBody) } })
    .get('/api/v1/auth/tokens', ({ actor }) => ok(clock, 'Tokens retrieved successfully.', listSessions(deps, actor)),
      { auth: 'user', response: { 200: TokenListEnvelope }, detail: { tags, summary: 'List the active tokens' } })
    .post('/api/v1/auth/revoke-token', ({ actor, request }) => {
      const body = readJson(request)
      revokeOwnToken(deps, actor, body)
      return ok(clock, 'Token revoked successfully', null)
    }, { auth: 'user', response: { 200: NullEnvelope }, detail: { tags, summary: 'Revoke another token of the caller', ...jsonBody(RevokeTokenBody) } })
}
