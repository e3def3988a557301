/** Request and response shapes of the passkey endpoints (docs/api/auth.md §1.3, 4). */
import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { FullUser } from '../users/model-shared'
import { f, rules } from '../../lib/validation'
import { platformField } from './fields'

export const Passkey = t.Object({
  id: t.String(),
  name: t.String(),
  created_at: t.String(),
  last_used_at: t.Nullable(t.String()),
  transports: t.Nullable(t.Array(t.String())),
  aaguid: t.Nullable(t.String()),
})

const CredentialDescriptor = t.Object({
  id: t.String(),
  transports: t.Optional(t.Array(t.String())),
  type: t.String(),
})

/** PublicKeyCredentialCreationOptionsJSON as browsers parse it (parseCreationOptionsFromJSON). */
export const RegistrationOptions = t.Object({
  challenge: t.String(),
  rp: t.Object({ name: t.String(), id: t.String() }),
  user: t.Object({ id: t.String(), name: t.String(), displayName: t.String() }),
  pubKeyCredParams: t.Array(t.Object({ alg: Type.Integer(), type: t.String() })),
  timeout: Type.Integer(),
  attestation: t.String(),
  excludeCredentials: t.Array(CredentialDescriptor),
  authenticatorSelection: t.Object({
    residentKey: t.String(),
    userVerification: t.String(),
    requireResidentKey: t.Boolean(),
  }),
  extensions: t.Object({ credProps: t.Boolean() }),
  hints: t.Array(t.String()),
})

/** PublicKeyCredentialRequestOptionsJSON (parseRequestOptionsFromJSON). */
export const AuthenticationOptions = t.Object({
  rpId: t.String(),
  challenge: t.String(),
  allowCredentials: t.Array(CredentialDescriptor),
  timeout: Type.Integer(),
  userVerification: t.String(),
})

export const PasskeySignIn = t.Object({
  user: FullUser,
  token: t.String(),
  token_type: t.String(),
  token_expires_at: t.String(),
})

export const PASSKEY_NAME_MAX = 50

/**
 * The credential of a ceremony: `response` holds credential.toJSON(); a credential posted unwrapped (a
 * top-level `rawId`) is read as the body itself (passkey-credential.ts readCredentialBody).
 */
const credential = {
  response: f.object().required().raw().describe('credential.toJSON() from the browser; or post the credential itself as the body'),
}

export const RegisterPasskeyBody = rules({ ...credential, name: f.string().max(PASSKEY_NAME_MAX).describe('defaults to "Passkey"') })

export const AuthenticateOptionsBody = rules({
  email: f.string().email().describe('narrows allowCredentials to this account\'s passkeys'),
})

export const AuthenticateBody = rules({ ...credential, platform: platformField() })

export const RenamePasskeyBody = rules({ name: f.string().required().max(PASSKEY_NAME_MAX) })
