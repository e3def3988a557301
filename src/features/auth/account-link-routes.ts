/**
 * The admin's help for a member under /users (docs/api/users.md §8.4–8.6) and the public use of the links it hands
 * over under /auth/account-link (docs/api/auth.md §6), limited like password reset.
 */
import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { noteRequestUser } from '../../lib/http/request-scope'
import { ok } from '../../lib/http/envelope'
import { API, Envelope, NullEnvelope, PathParams, UuidParam } from '../../lib/http/schemas'
import { authLimiters } from './rate-limits'
import { SessionEnvelope } from './model'
import { RegistrationOptions } from './passkey-model'
import { CreatedMember, CreateMemberBody, LinkDetails, LinkPasskeyBody, LinkPasswordBody, LinkTokenBody, MadeLink } from './account-link-model'
import { createMember, makeResetLink, resendVerificationAsAdmin } from './account-link-admin'
import { addPasskeyWithLink, describeLink, passkeyOptionsWithLink, setPasswordWithLink } from './account-link-use'

const params = PathParams({ user: UuidParam })

function adminHelpRoutes(deps: Deps) {
  const tags = ['admin']
  return new Elysia({ name: 'auth-admin-help', prefix: `${API}/users` })
    .use(guard(deps))
    .post('', ({ actor, body, set }) => {
      set.status = 201
      return ok(deps.clock, 'User created successfully.', createMember(deps, actor, body))
    }, { auth: 'admin', parse: 'json', body: CreateMemberBody.checkedByVerb, response: { 201: Envelope(CreatedMember) },
      detail: { tags, summary: 'Create a member without a password; answers the one-time link (72 hours) to hand over' } })
    .post('/:user/reset-link', ({ actor, params, set }) => {
      set.status = 201
      return ok(deps.clock, 'Link created successfully.', makeResetLink(deps, actor, params.user))
    }, { auth: 'admin', params, response: { 201: Envelope(MadeLink) },
      detail: { tags, summary: "Make a one-time password-reset link for a member (replaces the member's earlier link)" } })
    .post('/:user/resend-verification', ({ actor, params, set }) => {
      resendVerificationAsAdmin(deps, actor, params.user)
      set.status = 202
      return ok(deps.clock, 'Verification mail sent.', null)
    }, { auth: 'admin', params, response: { 202: NullEnvelope },
      detail: { tags, summary: "Send the member's verification mail again" } })
}

function linkUseRoutes(deps: Deps) {
  const tags = ['auth']
  const signedIn = <T extends { user: { id: string } }>(session: T) => {
    noteRequestUser(session.user.id)
    return ok(deps.clock, 'Signed in successfully.', session)
  }
  const limited = { rateLimit: authLimiters.password, parse: 'json' as const }
  return new Elysia({ name: 'auth-account-link', prefix: `${API}/auth/account-link` })
    .use(guard(deps))
    .post('/check', ({ body }) => ok(deps.clock, 'Link retrieved successfully.', describeLink(deps, body)), {
      ...limited, body: LinkTokenBody.checkedByVerb, response: { 200: Envelope(LinkDetails) },
      detail: { tags, summary: "Whom an admin's account link is for (the link stays)" },
    })
    .post('/password', async ({ body }) => signedIn(await setPasswordWithLink(deps, body)), {
      ...limited, body: LinkPasswordBody.checkedByVerb, response: { 200: SessionEnvelope },
      detail: { tags, summary: "Set a password with an admin's account link; uses it up and signs in" },
    })
    .post('/passkey/register-options', async ({ body }) =>
      ok(deps.clock, 'Registration options generated.', await passkeyOptionsWithLink(deps, body)), {
      ...limited, body: LinkTokenBody.checkedByVerb, response: { 200: Envelope(RegistrationOptions) },
      detail: { tags, summary: "WebAuthn creation options for the member of an admin's account link" },
    })
    .post('/passkey/register', async ({ body }) => signedIn(await addPasskeyWithLink(deps, body)), {
      ...limited, body: LinkPasskeyBody.checkedByVerb, response: { 200: SessionEnvelope },
      detail: { tags, summary: "Add a passkey with an admin's account link; uses it up and signs in" },
    })
}

export function accountLinkRoutes(deps: Deps) {
  return new Elysia({ name: 'auth-account-links' })
    .use(adminHelpRoutes(deps))
    .use(linkUseRoutes(deps))
}
