/**
 * The API's WebAuthn options as the browser library types them. The API declares WebAuthn's enumerations
 * (transports, hints, attestation, user verification) as strings, since the specification keeps them open and a
 * browser ignores a value it does not know; the library's types list today's values. The one place that bridges
 * the two: every field is passed on as the server sent it.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import type { ApiData } from './api-types'

export const creationOptions = (options: ApiData<'post', '/auth/passkeys/register-options'>) =>
  options as PublicKeyCredentialCreationOptionsJSON

export const requestOptions = (options: ApiData<'post', '/auth/passkey/authenticate-options'>) =>
  options as PublicKeyCredentialRequestOptionsJSON
