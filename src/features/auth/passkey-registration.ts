/** Registering a passkey for the signed-in user (docs/api/auth.md §4.2–4.3). */
import { eq } from 'drizzle-orm'
import type { Unchecked } from '../../lib/validation'
import type {
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server'
import { loadWebAuthn } from './webauthn-lib'
import type { Deps } from '../../lib/deps'
import { uuidv7 } from '../../lib/crypto'
import { UnprocessableError } from '../../lib/errors'
import type { Actor } from '../../lib/actor'
import { passkeys } from './schema'
import { storeRegistrationChallenge, takeRegistrationChallenge } from './passkey-challenges'
import {
  CEREMONY_TIMEOUT_MS, SUPPORTED_ALGORITHMS, cleanAaguid, cleanTransports, readCredentialBody, reasonOf, relyingParty, userHandleBytes,
} from './passkey-credential'
import { credentialDescriptor, presentPasskey, userPasskeys, type PasskeyRow } from './passkeys'
import type { Tx } from './one-time-tokens'
import type { UserRow } from '../users/schema'
import { RegisterPasskeyBody } from './passkey-model'

/** Discoverable credentials, so sign-in needs no e-mail (docs/api/auth.md §4.1). */
const AUTHENTICATOR_SELECTION = { residentKey: 'preferred', userVerification: 'preferred' } as const

const registrationFailed = () => new UnprocessableError('passkey_registration_failed', 'Registration failed.')

/**
 * Creation options for the browser; the challenge replaces the user's previous registration challenge. `user` is
 * the signed-in caller, or the member an admin's account link is for (account-link-use.ts).
 */
export async function createRegistrationOptions(deps: Deps, user: Pick<UserRow, 'id' | 'email' | 'name'>) {
  const rp = relyingParty(deps.config)
  const options = await (await loadWebAuthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandleBytes(user.id),
    userDisplayName: user.name,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: userPasskeys(deps, user.id).map(credentialDescriptor),
    authenticatorSelection: { ...AUTHENTICATOR_SELECTION },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  })
  storeRegistrationChallenge(deps, user.id, options.challenge)
  // The library leaves these optional in its types; the contract always sends them.
  return {
    ...options,
    rp: { name: rp.name, id: rp.id },
    timeout: CEREMONY_TIMEOUT_MS,
    attestation: 'none',
    excludeCredentials: options.excludeCredentials ?? [],
    authenticatorSelection: { ...AUTHENTICATOR_SELECTION, requireResidentKey: false },
    extensions: { credProps: true },
    hints: options.hints ?? [],
  }
}

/** What a verified attestation says of the new credential. */
export type NewPasskey = Extract<VerifiedRegistrationResponse, { verified: true }>['registrationInfo']

/**
 * Verifies the browser's attestation against the user's stored challenge (taken, so any attempt uses it up);
 * every failure is the one 422 of docs/api/auth.md §4.3.
 */
export async function verifyNewPasskey(deps: Deps, userId: string, response: Record<string, unknown>): Promise<NewPasskey> {
  const stored = takeRegistrationChallenge(deps, userId)
  if (!stored) throw registrationFailed()
  const rp = relyingParty(deps.config)
  let verification: VerifiedRegistrationResponse
  try {
    verification = await (await loadWebAuthn()).verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      expectedType: 'webauthn.create',
      requireUserPresence: true,
      requireUserVerification: false,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    })
  } catch (err) {
    deps.logger.info('passkey registration rejected', { user_id: userId, reason: reasonOf(err) })
    throw registrationFailed()
  }
  if (!verification.verified) throw registrationFailed()
  return verification.registrationInfo
}

/**
 * Saves a verified passkey inside the caller's transaction (with whatever else that write does); a credential id
 * that anyone registered already is the same 422. Credential ids are unique across all users; the unique index backs
 * this check.
 */
export function savePasskey(tx: Tx, userId: string, info: NewPasskey, name: string | undefined, now: number): PasskeyRow {
  if (tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, info.credential.id)).get()) throw registrationFailed()
  const transports = cleanTransports(info.credential.transports)
  return tx.insert(passkeys).values({
    id: uuidv7(now),
    userId,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey),
    counter: info.credential.counter,
    transports: transports ? JSON.stringify(transports) : null,
    aaguid: cleanAaguid(info.aaguid),
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: name ?? 'Passkey',
    createdAt: now,
    lastUsedAt: null,
  }).returning().get()
}

/** docs/api/auth.md §4.3: verifies the signed-in caller's attestation and saves the new passkey. */
export async function registerPasskey(deps: Deps, actor: Actor, body: Unchecked<typeof RegisterPasskeyBody>) {
  const input = readCredentialBody(body, RegisterPasskeyBody)
  const info = await verifyNewPasskey(deps, actor.user.id, input.response)
  const now = deps.clock.now()
  return presentPasskey(deps.db.transaction((tx) => savePasskey(tx, actor.user.id, info, input.name, now)))
}
