/**
 * What the passkey ceremonies share: the relying party from config, the WebAuthn user handle, and how a
 * posted credential is read from a request body (docs/api/auth.md §4.1, 4.3, 4.8).
 */
import type { Config } from '../../config'
import type { Field, Infer, Rules, Schema, Unchecked } from '../../lib/validation'

/** EdDSA, ES256, RS256 — pinned so a runtime with post-quantum support does not change the options. */
export const SUPPORTED_ALGORITHMS = [-8, -7, -257]

/** Matches the challenge lifetime (docs/api/auth.md §4.2, decision). */
export const CEREMONY_TIMEOUT_MS = 300_000

export interface RelyingParty { id: string; name: string; origins: string[] }

export function relyingParty(config: Pick<Config, 'webauthn'>): RelyingParty {
  return { id: config.webauthn.rpId, name: config.webauthn.rpName, origins: config.webauthn.origins }
}

/** The WebAuthn user handle: base64url of the UTF-8 bytes of the user id. */
export function userHandle(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url')
}

export function userHandleBytes(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'))
}

/**
 * Validates a ceremony body (passkey-model.ts): `{ response, ...fields }`, or the credential posted unwrapped
 * (a top-level `rawId`), in which case the body itself is the credential and the other fields are read beside it.
 */
export function readCredentialBody<S extends Schema & { response: Field<Record<string, unknown>, true> }>(
  body: Unchecked<Rules<S>>, declared: Rules<S>,
): Infer<S> {
  const input = Object.hasOwn(body, 'rawId') ? { ...body, response: body } : body
  return declared.validate(input)
}

/** Transports as reported by the browser: kept only when they are a list of short strings. */
export function cleanTransports(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > 16) return null
  if (!value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 32)) return null
  return value as string[]
}

/** An all-zero AAGUID names no authenticator model (docs/api/auth.md §1.3, decision). */
export function cleanAaguid(aaguid: string | undefined): string | null {
  if (!aaguid || /^[0-]+$/.test(aaguid)) return null
  return aaguid.toLowerCase()
}

/** Why the library refused a ceremony, for the log (its messages hold no secrets). */
export function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 200) : 'unknown'
}
