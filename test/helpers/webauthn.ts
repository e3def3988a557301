/**
 * A software WebAuthn authenticator with real cryptography: P-256 keys from node:crypto, a "none"
 * attestation object in CBOR, authenticator data with the RP ID hash, flags and signature counter, and ES256
 * (DER) signatures over authData || SHA-256(clientDataJSON). The server verifies its output for real.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
  if (n < 0x10000) { const b = Buffer.alloc(3); b[0] = (major << 5) | 25; b.writeUInt16BE(n, 1); return b }
  const b = Buffer.alloc(5); b[0] = (major << 5) | 26; b.writeUInt32BE(n, 1); return b
}

/** The subset of CBOR (RFC 8949) that attestation objects and COSE keys need. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') { const s = Buffer.from(value, 'utf8'); return Buffer.concat([head(3, s.length), s]) }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)])
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

export const FLAG_UP = 0x01
export const FLAG_UV = 0x04
export const FLAG_AT = 0x40

export interface SoftCredential {
  id: Buffer
  privateKey: KeyObject
  cosePublicKey: Buffer
  rpId: string
  userHandle: string
  counter: number
}

export interface CeremonyOverrides {
  origin?: string
  /** the RP ID whose hash goes into authenticator data */
  rpId?: string
  challenge?: string
  type?: string
  flags?: number
  /** signature counter to report (otherwise the credential's counter + 1) */
  counter?: number
}

export interface RegisterOverrides extends CeremonyOverrides {
  aaguid?: Uint8Array
  transports?: string[]
  /** reuse an existing credential id (duplicate registration) */
  credentialId?: Buffer
  /** COSE alg to claim in the public key */
  alg?: number
}

export interface AssertOverrides extends CeremonyOverrides {
  credential?: SoftCredential
  /** flip a bit of the signature */
  tamperSignature?: boolean
  /** user handle to report; null leaves it out */
  userHandle?: string | null
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = []

  constructor(readonly origin = 'http://daybook.test', readonly aaguid: Uint8Array = new Uint8Array(16)) {}

  /** Answers PublicKeyCredentialCreationOptionsJSON with a RegistrationResponseJSON (credential.toJSON()). */
  register(options: any, o: RegisterOverrides = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cosePublicKey = cbor(new Map<number, Cbor>([
      [1, 2], [3, o.alg ?? -7], [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')],
    ]))
    const id = o.credentialId ?? randomBytes(16)
    const rpId = options.rp.id as string
    const credential: SoftCredential = { id, privateKey, cosePublicKey, rpId, userHandle: options.user.id, counter: o.counter ?? 0 }
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const attested = Buffer.concat([o.aaguid ?? this.aaguid, idLength, id, cosePublicKey])
    const authData = this.authData(o.rpId ?? rpId, o.flags ?? FLAG_UP | FLAG_UV | FLAG_AT, credential.counter, attested)
    const clientDataJSON = this.clientData(o.type ?? 'webauthn.create', o.challenge ?? options.challenge, o.origin)
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]))
    this.credentials.push(credential)
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: o.transports ?? ['internal', 'hybrid'],
      },
      clientExtensionResults: { credProps: { rk: true } },
      authenticatorAttachment: 'platform',
    }
  }

  /** Answers PublicKeyCredentialRequestOptionsJSON with an AuthenticationResponseJSON. */
  assert(options: any, o: AssertOverrides = {}) {
    const allowed = (options.allowCredentials ?? []).map((c: { id: string }) => c.id)
    const credential = o.credential ?? this.credentials.find((c) => allowed.length === 0 || allowed.includes(b64url(c.id)))
    if (!credential) throw new Error('no matching credential on this authenticator')
    const counter = o.counter ?? credential.counter + 1
    credential.counter = counter
    const authData = this.authData(o.rpId ?? options.rpId, o.flags ?? FLAG_UP | FLAG_UV, counter)
    const clientDataJSON = this.clientData(o.type ?? 'webauthn.get', o.challenge ?? options.challenge, o.origin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey)
    if (o.tamperSignature) signature[signature.length - 1]! ^= 0x01
    const userHandle = o.userHandle === undefined ? credential.userHandle : o.userHandle
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const counterBytes = Buffer.alloc(4)
    counterBytes.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes, ...(attested ? [attested] : [])])
  }

  private clientData(type: string, challenge: string, origin?: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: origin ?? this.origin, crossOrigin: false }))
  }
}
