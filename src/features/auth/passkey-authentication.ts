/**
 * Signing in with a passkey (docs/api/auth.md §4.7–4.8; every failed check is the same 401), and a signed-in user
 * proving with one that it is them (docs/api/users.md §2.2–2.3), over challenges of its own kind.
 */
import { and, eq, lt } from 'drizzle-orm'
import type { Unchecked } from '../../lib/validation'
import type {
  AuthenticationResponseJSON,
  VerifiedAuthenticationResponse,
} from '@simplewebauthn/server'
import { loadWebAuthn } from './webauthn-lib'
import type { Deps } from '../../lib/deps'
import { iso } from '../../lib/clock'
import { changes } from '../../lib/db/client'
import { UnauthenticatedError } from '../../lib/errors'
import { users } from '../users/schema'
import { presentFullUser } from '../users/present'
import { issueToken, type Platform } from './tokens'
import { findUserByEmail } from './accounts'
import { AuthenticateBody, AuthenticateOptionsBody } from './passkey-model'
import { passkeys } from './schema'
import { storeAuthenticationChallenge, takeAuthenticationChallenge, type AssertionKind } from './passkey-challenges'
import { CEREMONY_TIMEOUT_MS, readCredentialBody, reasonOf, relyingParty, userHandle } from './passkey-credential'
import { credentialDescriptor, userPasskeys, type PasskeyRow } from './passkeys'

const authenticationFailed = () => new UnauthenticatedError('passkey_authentication_failed', 'Authentication failed.')

/**
 * Request options for the browser. An e-mail of a user with passkeys narrows allowCredentials to them and
 * binds the challenge to that user; anything else gets the same empty list, so accounts are not revealed.
 */
export async function createAuthenticationOptions(deps: Deps, body: Unchecked<typeof AuthenticateOptionsBody>) {
  const input = AuthenticateOptionsBody.validate(body)
  const owned = input.email === undefined ? [] : passkeysOfEmail(deps, input.email)
  return requestOptions(deps, 'authentication', owned, owned[0]?.userId ?? null)
}

/** Options for a signed-in user to prove it is them (deleting their account): the challenge is bound to them. */
export function createReauthenticationOptions(deps: Deps, userId: string) {
  return requestOptions(deps, 'reauthentication', userPasskeys(deps, userId), userId)
}

async function requestOptions(deps: Deps, kind: AssertionKind, owned: PasskeyRow[], boundTo: string | null) {
  const rpId = relyingParty(deps.config).id
  const options = await (await loadWebAuthn()).generateAuthenticationOptions({
    rpID: rpId,
    allowCredentials: owned.map(credentialDescriptor),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
  })
  storeAuthenticationChallenge(deps, kind, options.challenge, boundTo)
  return {
    rpId,
    challenge: options.challenge,
    allowCredentials: options.allowCredentials ?? [],
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
  }
}

function passkeysOfEmail(deps: Deps, email: string): PasskeyRow[] {
  const user = findUserByEmail(deps, email)
  return user ? userPasskeys(deps, user.id) : []
}

/** Verifies an assertion and signs the passkey's owner in with a new token. */
export async function authenticateWithPasskey(deps: Deps, body: Unchecked<typeof AuthenticateBody>) {
  const input = readCredentialBody(body, AuthenticateBody)
  const verified = await verifyAssertion(deps, input.response, { purpose: 'sign-in' })
  if (!verified) throw authenticationFailed()
  return signIn(deps, verified.passkey, verified.info, input.platform ?? 'web')
}

type AuthenticationInfo = VerifiedAuthenticationResponse['authenticationInfo']

export interface VerifiedAssertion { passkey: PasskeyRow; info: AuthenticationInfo }

/**
 * Checks an assertion: the challenge it signed (taken: single use, whatever the outcome), the passkey it names, its
 * user handle, signature and counter. For a sign-in, a sign-in challenge bound to a user must be the passkey owner's;
 * to prove who a signed-in user is (`owner`), the challenge must be a re-authentication challenge made for that user
 * and the passkey theirs. Undefined when any check fails; why is logged, never told.
 */
export async function verifyAssertion(
  deps: Deps, credential: Record<string, unknown>, check: { purpose: 'sign-in' } | { purpose: 're-authentication'; owner: string },
): Promise<VerifiedAssertion | undefined> {
  const reject = (reason: string, fields: Record<string, unknown> = {}) => {
    deps.logger.info(`passkey ${check.purpose} rejected`, { reason, ...fields })
    return undefined
  }
  const challengeValue = clientDataChallenge(credential)
  if (challengeValue === undefined) return reject('unreadable client data')
  const challenge = takeAuthenticationChallenge(deps, check.purpose === 'sign-in' ? 'authentication' : 'reauthentication', challengeValue)
  if (!challenge) return reject('unknown, used or expired challenge')
  const passkey = typeof credential.id === 'string'
    ? deps.db.select().from(passkeys).where(eq(passkeys.credentialId, credential.id)).get()
    : undefined
  if (!passkey) return reject('unknown credential')
  const logged = { passkey_id: passkey.id, user_id: passkey.userId }
  const bound = check.purpose === 'sign-in'
    ? challenge.userId === null || challenge.userId === passkey.userId
    : challenge.userId === check.owner && passkey.userId === check.owner
  if (!bound) return reject('challenge bound to another user', logged)
  if (!userHandleMatches(credential, passkey.userId)) return reject('user handle mismatch', logged)
  const rp = relyingParty(deps.config)
  let verification: VerifiedAuthenticationResponse
  try {
    verification = await (await loadWebAuthn()).verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      expectedType: 'webauthn.get',
      // The counter is checked below, after the signature, so only a genuine assertion is logged as a clone.
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: 0 },
      requireUserVerification: false,
    })
  } catch (err) {
    return reject(reasonOf(err), logged)
  }
  if (!verification.verified) return reject('signature does not verify', logged)
  const info = verification.authenticationInfo
  const newCounter = info.newCounter
  if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) {
    deps.logger.warn('passkey sign counter did not increase: possible cloned authenticator',
      { ...logged, stored_counter: passkey.counter, received_counter: newCounter })
    return undefined
  }
  return { passkey, info }
}


/** Records the use (counter, last_used_at, backup state) and issues the token, atomically. */
function signIn(deps: Deps, passkey: PasskeyRow, info: AuthenticationInfo, platform: Platform) {
  const now = deps.clock.now()
  const newCounter = info.newCounter
  const result = deps.db.transaction((tx) => {
    // Conditional on the stored counter still being below the new one, so two concurrent uses of one
    // assertion cannot both succeed.
    const updated = changes(tx.update(passkeys)
      .set({ counter: newCounter, lastUsedAt: now, deviceType: info.credentialDeviceType, backedUp: info.credentialBackedUp })
      .where(and(eq(passkeys.id, passkey.id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)))
      .run())
    if (updated === 0) return undefined
    const user = tx.select().from(users).where(eq(users.id, passkey.userId)).get()
    if (!user) return undefined
    // bun:sqlite has one connection: issueToken's insert runs inside this transaction.
    return { user, issued: issueToken(deps, user.id, platform) }
  })
  if (!result) throw authenticationFailed()
  return {
    user: presentFullUser(deps, result.user),
    token: result.issued.token,
    token_type: 'Bearer' as const,
    token_expires_at: iso(result.issued.expiresAt),
  }
}

/** An absent user handle is fine (non-discoverable use); a present one must be the owner's. */
function userHandleMatches(credential: Record<string, unknown>, ownerId: string): boolean {
  const inner = credential.response
  const handle = inner && typeof inner === 'object' ? (inner as Record<string, unknown>).userHandle : undefined
  if (handle === undefined || handle === null) return true
  return typeof handle === 'string' && handle.replace(/=+$/, '') === userHandle(ownerId)
}

/** The challenge the client signed, read from clientDataJSON before anything else is trusted. */
function clientDataChallenge(credential: Record<string, unknown>): string | undefined {
  const inner = credential.response
  if (!inner || typeof inner !== 'object') return undefined
  const encoded = (inner as Record<string, unknown>).clientDataJSON
  if (typeof encoded !== 'string') return undefined
  try {
    const data: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))
    const challenge = (data as Record<string, unknown> | null)?.challenge
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined
  } catch {
    return undefined
  }
}
