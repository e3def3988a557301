/** Request and response shapes of the passkey endpoints (auth.md 1.3, 4). */
import { t } from 'elysia'
import { FullUser } from '../users/model-shared'
import { Platform } from './model'

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
  pubKeyCredParams: t.Array(t.Object({ alg: t.Integer(), type: t.String() })),
  timeout: t.Integer(),
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
  timeout: t.Integer(),
  userVerification: t.String(),
})

export const PasskeySignIn = t.Object({
  user: FullUser,
  token: t.String(),
  token_type: t.String(),
  token_expires_at: t.String(),
})

/** Request bodies, for the OpenAPI document only (validation has the contract's own messages). */
const CredentialJson = t.Object({
  id: t.String(),
  rawId: t.String(),
  type: t.String(),
  response: t.Record(t.String(), t.Unknown()),
  clientExtensionResults: t.Optional(t.Record(t.String(), t.Unknown())),
  authenticatorAttachment: t.Optional(t.String()),
}, { description: 'credential.toJSON() from the browser' })

export const PasskeyRegisterBody = t.Object({
  response: CredentialJson,
  name: t.Optional(t.String({ maxLength: 50 })),
})

export const AuthenticateOptionsBody = t.Object({ email: t.Optional(t.String({ format: 'email' })) })

export const AuthenticateBody = t.Object({
  response: CredentialJson,
  platform: Platform,
})

export const RenameBody = t.Object({ name: t.String({ maxLength: 50 }) })
