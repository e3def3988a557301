/**
 * Passkey endpoints (docs/api/auth.md §4): registration and management signed in, sign-in public and rate limited.
 * Mounted by routes.ts under its `${API}/auth` prefix (Elysia prefixes nest), so the paths here are relative
 * to it and carry the two bases of the contract: `/passkeys/…` and `/passkey/authenticate…`.
 */
import { Elysia, t } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { noteRequestUser } from '../../lib/http/request-scope'
import { ok } from '../../lib/http/envelope'
import { Envelope, NullEnvelope, PathParams, UuidParam } from '../../lib/http/schemas'
import { createRegistrationOptions, registerPasskey } from './passkey-registration'
import { authenticateWithPasskey, createAuthenticationOptions } from './passkey-authentication'
import { deletePasskey, listPasskeys, renamePasskey } from './passkeys'
import { authLimiters } from './rate-limits'
import {
  AuthenticateBody, AuthenticateOptionsBody, AuthenticationOptions, Passkey, PasskeySignIn, RegisterPasskeyBody, RegistrationOptions,
  RenamePasskeyBody,
} from './passkey-model'

const tags = ['passkeys']
const params = PathParams({ passkey: UuidParam })

export function passkeyRoutes(deps: Deps) {
  return new Elysia({ name: 'passkeys' })
    .use(guard(deps))
    .post('/passkeys/register-options', async ({ actor }) =>
      ok(deps.clock, 'Registration options generated.', await createRegistrationOptions(deps, actor.user)), {
      auth: 'user',
      response: Envelope(RegistrationOptions),
      detail: { tags, summary: 'WebAuthn creation options for a new passkey' },
    })
    .post('/passkeys/register', async ({ actor, body }) =>
      ok(deps.clock, 'Passkey registered successfully.', await registerPasskey(deps, actor, body)), {
      auth: 'user',
      parse: 'json',
      body: RegisterPasskeyBody.checkedByVerb,
      response: Envelope(Passkey),
      detail: { tags, summary: 'Register a passkey from credential.toJSON()' },
    })
    .get('/passkeys', ({ actor }) => ok(deps.clock, 'Success', listPasskeys(deps, actor)), { auth: 'user',
      response: Envelope(t.Array(Passkey)), detail: { tags, summary: 'List my passkeys, newest first' } })
    .put('/passkeys/:passkey', ({ actor, body, params }) =>
      ok(deps.clock, 'Passkey renamed.', renamePasskey(deps, actor, params.passkey, body)), {
      auth: 'user',
      params,
      parse: 'json',
      body: RenamePasskeyBody.checkedByVerb,
      response: Envelope(Passkey),
      detail: { tags, summary: 'Rename a passkey' },
    })
    .delete('/passkeys/:passkey', ({ actor, params }) =>
      ok(deps.clock, 'Passkey deleted.', deletePasskey(deps, actor, params.passkey)), {
      auth: 'user',
      params,
      response: NullEnvelope,
      detail: { tags, summary: 'Delete a passkey' },
    })
    .post('/passkey/authenticate-options', async ({ body }) =>
      ok(deps.clock, 'Authentication options generated.', await createAuthenticationOptions(deps, body)), {
      rateLimit: authLimiters.passkey,
      parse: 'json',
      body: AuthenticateOptionsBody.checkedByVerb,
      response: Envelope(AuthenticationOptions),
      detail: { tags, summary: 'WebAuthn request options for signing in' },
    })
    .post('/passkey/authenticate', async ({ body }) => {
      const session = await authenticateWithPasskey(deps, body)
      noteRequestUser(session.user.id)
      return ok(deps.clock, 'Signed in successfully.', session)
    }, { rateLimit: authLimiters.passkey, parse: 'json', body: AuthenticateBody.checkedByVerb, response: Envelope(PasskeySignIn),
      detail: { tags, summary: 'Sign in with a passkey assertion' } })
}
