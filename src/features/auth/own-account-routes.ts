import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API, Envelope, NullEnvelope } from '../../lib/http/schemas'
import { FullUser } from '../users/model-shared'
import { DeleteOwnAccountBody, UpdateOwnAccountBody } from './model'
import { AuthenticationOptions } from './passkey-model'
import { authLimiters } from './rate-limits'
import { updateOwnAccount } from './own-account-update'
import { deleteOwnAccount, ownDeletionOptions } from './own-account-delete'

const tags = ['users']

/**
 * docs/api/users.md §2.1–2.3: a person's own name, e-mail address and account. Served under /users/me beside the users
 * feature's GET, but auth's: they touch verification links, passkeys and tokens.
 */
export function ownAccountRoutes(deps: Deps) {
  return new Elysia({ name: 'auth-own-account', prefix: `${API}/users/me` })
    .use(guard(deps))
    .patch('', ({ actor, body }) => ok(deps.clock, 'User updated successfully.', updateOwnAccount(deps, actor, body)), {
      auth: 'user',
      rateLimit: authLimiters.accountUpdate,
      parse: 'json',
      body: UpdateOwnAccountBody.checkedByVerb,
      response: { 200: Envelope(FullUser) },
      detail: { tags, summary: 'Change my name or e-mail address (a new address is confirmed first when verification is on)' },
    })
    .post('/delete-options', async ({ actor }) =>
      ok(deps.clock, 'Authentication options generated.', await ownDeletionOptions(deps, actor)), {
      auth: 'user',
      response: { 200: Envelope(AuthenticationOptions) },
      detail: { tags, summary: 'WebAuthn request options for confirming the deletion of my account with a passkey' },
    })
    .delete('', async ({ actor, body }) => {
      await deleteOwnAccount(deps, actor, body)
      return ok(deps.clock, 'Account deleted successfully.', null)
    }, {
      auth: 'user',
      rateLimit: authLimiters.accountDelete,
      parse: 'json',
      body: DeleteOwnAccountBody.checkedByVerb,
      response: { 200: NullEnvelope },
      detail: { tags, summary: 'Delete my account and everything in it, after my password or a passkey' },
    })
}
