/**
 * @simplewebauthn/server, loaded on the first passkey ceremony: it (with its ASN.1 and CBOR dependencies) is
 * about 14 MB of resident memory that an instance whose users never touch passkeys should not carry.
 * Its certificate helpers need the reflect-metadata polyfill evaluated before @peculiar/x509; in the compiled
 * bundle a lazy import does not guarantee that order, so the polyfill is loaded first, explicitly.
 */
export const loadWebAuthn = async () => {
  await import('reflect-metadata')
  return import('@simplewebauthn/server')
}
