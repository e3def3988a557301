/** Passkey endpoints (auth.md 4): registration and management signed in, sign-in public and rate limited. */
import { Elysia, t } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { readJson } from '../../lib/http/body'
import { noteRequestUser } from '../../lib/http/context'
import { ok } from '../../lib/http/envelope'
import { Envelope, NullEnvelope, jsonBody } from '../../lib/http/schemas'
import { createRegistrationOptions, registerPasskey } from './passkey-registration'
import { authenticateWithPasskey, createAuthenticationOptions } from './passkey-authentication'
import { deletePasskey, listPasskeys, renamePasskey } from './passkeys'
import { authLimiters, readLimitedBody } from './rate-limits'
import {
  AuthenticateBody, AuthenticateOptionsBody, AuthenticationOptions, Passkey, PasskeyRegisterBody, PasskeySignIn, RegistrationOptions, RenameBody,
} from './passkey-model'

const tags = ['passkeys']

export function passkeyRoutes(deps: Deps) {
  return new Elysia({ name: 'passkeys' })
    .use(authPlugin(deps))
    .post('/api/v1/auth/passkeys/register-options', async ({ actor }) =>
      ok(deps.clock, 'Registration options generated.', await createRegistrationOptions(deps, actor)), {
      auth: 'user',
      response: Envelope(RegistrationOptions),
      detail: { tags, summary: 'WebAuthn creation options for a new passkey' },
    })
    .post('/api/v1/auth/passkeys/register', async ({ actor, request }) => {
      const body = readJson(request)
      return ok(deps.clock, 'Passkey registered successfully.', await registerPasskey(deps, actor, body))
    }, {
      auth: 'user',
      response: Envelope(Passkey),
      detail: { tags, summary: 'Register a passkey from credential.toJSON()', ...jsonBody(PasskeyRegisterBody) },
    })
    .get('/api/v1/auth/passkeys', ({ actor }) => ok(deps.clock, 'Success', listPasskeys(deps, actor)), {
      auth: 'user',
      response: Envelope(t.Array(Passkey)),
      detail: { tags, summary: 'List my passkeys, newest first' },
    })
    .put('/api/v1/auth/passkeys/:passkey', ({ actor, request, params }) => {
      const body = readJson(request)
      return ok(deps.clock, 'Passkey renamed.', renamePasskey(deps, actor, params.passkey, body))
    }, {
      auth: 'user',
      response: Envelope(Passkey),
      detail: { tags, summary: 'Rename a passkey', ...jsonBody(RenameBody) },
    })
    .delete('/api/v1/auth/passkeys/:passkey', ({ actor, params }) =>
      ok(deps.clock, 'Passkey deleted.', deletePasskey(deps, actor, params.passkey)), {
      auth: 'user',
      response: NullEnvelope,
      detail: { tags, summary: 'Delete a passkey' },
    })
    .post('/api/v1/auth/passkey/authenticate-options', async ({ request }) => {
      const body = readLimitedBody(deps, request, authLimiters.passkey)
      return ok(deps.clock, 'Authentication options generated.', await createAuthenticationOptions(deps, body))
    }, {
      response: Envelope(AuthenticationOptions),
      detail: { tags, summary: 'WebAuthn request options for signing in', ...jsonBody(AuthenticateOptionsBody) },
    })
    .post('/api/v1/auth/passkey/authenticate', async ({ request }) => {
      const body = readLimitedBody(deps, request, authLimiters.passkey)
      const session = await authenticateWithPasskey(deps, body)
      noteRequestUser(request, session.user.id)
      return ok(deps.clock, 'Signed in successfully.', session)
    }, {
      response: Envelope(PasskeySignIn),
      detail: { tags, summary: 'Sign in with a passkey assertion', ...jsonBody(AuthenticateBody) },
    })
}
