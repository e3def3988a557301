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
import { credentialDescriptor, presentPasskey, userPasskeys } from './passkeys'
import { RegisterPasskeyBody } from './passkey-model'

/** Discoverable credentials, so sign-in needs no e-mail (docs/api/auth.md §4.1). */
const AUTHENTICATOR_SELECTION = { residentKey: 'preferred', userVerification: 'preferred' } as const

const registrationFailed = () => new UnprocessableError('passkey_registration_failed', 'Registration failed.')

/** Creation options for the browser; the challenge replaces the user's previous registration challenge. */
export async function createRegistrationOptions(deps: Deps, actor: Actor) {
  const rp = relyingParty(deps.config)
  const options = await (await loadWebAuthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: actor.user.email,
    userID: userHandleBytes(actor.user.id),
    userDisplayName: actor.user.name,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: userPasskeys(deps, actor.user.id).map(credentialDescriptor),
    authenticatorSelection: { ...AUTHENTICATOR_SELECTION },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  })
  storeRegistrationChallenge(deps, actor.user.id, options.challenge)
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

/** Verifies the browser's attestation against the stored challenge and saves the new passkey. */
export async function registerPasskey(deps: Deps, actor: Actor, body: Unchecked<typeof RegisterPasskeyBody>) {
  const input = readCredentialBody(body, RegisterPasskeyBody)
  const stored = takeRegistrationChallenge(deps, actor.user.id)
  if (!stored) throw registrationFailed()
  const rp = relyingParty(deps.config)
  let verification: VerifiedRegistrationResponse
  try {
    verification = await (await loadWebAuthn()).verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      expectedType: 'webauthn.create',
      requireUserPresence: true,
      requireUserVerification: false,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    })
  } catch (err) {
    deps.logger.info('passkey registration rejected', { user_id: actor.user.id, reason: reasonOf(err) })
    throw registrationFailed()
  }
  if (!verification.verified) throw registrationFailed()
  const info = verification.registrationInfo
  const now = deps.clock.now()
  const row = deps.db.transaction((tx) => {
    // Credential ids are unique across all users; the unique index backs this check.
    if (tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, info.credential.id)).get()) return undefined
    const transports = cleanTransports(info.credential.transports)
    return tx.insert(passkeys).values({
      id: uuidv7(now),
      userId: actor.user.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey),
      counter: info.credential.counter,
      transports: transports ? JSON.stringify(transports) : null,
      aaguid: cleanAaguid(info.aaguid),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name ?? 'Passkey',
      createdAt: now,
      lastUsedAt: null,
    }).returning().get()
  })
  if (!row) throw registrationFailed()
  return presentPasskey(row)
}
