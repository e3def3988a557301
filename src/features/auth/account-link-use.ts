/**
 * A member using the link an admin handed over (docs/api/auth.md §6.2–6.5): look at it, then set a password or add a
 * passkey with it. Either use spends the link, ends every earlier session of the member and signs them in.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Unchecked } from '../../lib/validation'
import { iso } from '../../lib/clock'
import { hashPassword } from '../../lib/passwords'
import { users } from '../users/schema'
import { issueToken, type Platform } from './tokens'
import { presentSession } from './present'
import { revokeAfterPasswordChange } from './change-password'
import { consumeLink, findLiveLink, type AccountLinkRow } from './account-links'
import { LinkPasskeyBody, LinkPasswordBody, LinkTokenBody } from './account-link-model'
import { createRegistrationOptions, savePasskey, verifyNewPasskey } from './passkey-registration'
import { readCredentialBody } from './passkey-credential'
import type { Tx } from './one-time-tokens'

/** docs/api/auth.md §6.2: whom the link is for and until when, so the page can greet the member. Nothing is used up. */
export function describeLink(deps: Pick<Deps, 'db' | 'clock'>, body: Unchecked<typeof LinkTokenBody>) {
  const { link, user } = findLiveLink(deps, LinkTokenBody.validate(body).token)
  return { purpose: link.purpose, name: user.name, email: user.email, expires_at: iso(link.expiresAt) }
}

/**
 * The write of a link's use, in one transaction: the link goes (only if still live and unused, account-links.ts),
 * the new credential is saved, every earlier token of the member and any mailed reset link end, and a token is issued
 * as at sign-in. A refused link rolls the credential back.
 */
function signInWithLink(deps: Deps, link: AccountLinkRow, how: 'password' | 'passkey', platform: Platform, save: (tx: Tx, now: number) => void) {
  const now = deps.clock.now()
  const { user, issued } = deps.db.transaction((tx) => {
    consumeLink(tx, link, now)
    save(tx, now)
    revokeAfterPasswordChange(tx, link.userId)
    // bun:sqlite has one connection: issueToken's insert runs inside this transaction.
    const issued = issueToken(deps, link.userId, platform)
    return { user: tx.select().from(users).where(eq(users.id, link.userId)).get()!, issued }
  }, { behavior: 'immediate' })
  deps.logger.info('account link used', { user_id: user.id, purpose: link.purpose, credential: how })
  return presentSession(user, issued)
}

/** docs/api/auth.md §6.3: the link is checked before the (slow) hashing; a refused attempt leaves it in place. */
export async function setPasswordWithLink(deps: Deps, body: Unchecked<typeof LinkPasswordBody>) {
  const input = LinkPasswordBody.validate(body)
  const { link } = findLiveLink(deps, input.token)
  const passwordHash = await hashPassword(deps, input.password)
  return signInWithLink(deps, link, 'password', input.platform ?? 'web', (tx, now) => {
    tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId)).run()
  })
}

/** docs/api/auth.md §6.4: the creation options of §4.2 for the link's member; the link stays. */
export async function passkeyOptionsWithLink(deps: Deps, body: Unchecked<typeof LinkTokenBody>) {
  const { user } = findLiveLink(deps, LinkTokenBody.validate(body).token)
  return createRegistrationOptions(deps, user)
}

/** docs/api/auth.md §6.5: the attestation is verified as in §4.3, then the passkey is saved with the link's use. */
export async function addPasskeyWithLink(deps: Deps, body: Unchecked<typeof LinkPasskeyBody>) {
  const input = readCredentialBody(body, LinkPasskeyBody)
  const { link } = findLiveLink(deps, input.token)
  const info = await verifyNewPasskey(deps, link.userId, input.response)
  return signInWithLink(deps, link, 'passkey', input.platform ?? 'web', (tx, now) => {
    savePasskey(tx, link.userId, info, input.name, now)
  })
}
