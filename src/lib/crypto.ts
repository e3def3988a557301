import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto'

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** `length` characters of [A-Za-z0-9] from a CSPRNG, without modulo bias. */
export function randomAlnum(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248) out += ALNUM[b % 62]
      if (out.length === length) break
    }
  }
  return out
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex')
}

export function sha256Hex(value: string): string {
  return Bun.SHA256.hash(value, 'hex') as string
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestEquals(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y)
}

/** UUID version 7: 48-bit millisecond time, then random bits (RFC 9562). */
export function uuidv7(nowMs: number): string {
  const b = randomBytes(16)
  b.writeUIntBE(nowMs, 0, 6)
  b[6] = (b[6]! & 0x0f) | 0x70
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
export const INT_ID_PATTERN = '^[1-9][0-9]{0,15}$'
export const UUID_RE = new RegExp(UUID_PATTERN)
export const INT_ID_RE = new RegExp(INT_ID_PATTERN)

/** AES-256-GCM with a fresh 12-byte IV; output "v1:" + base64(iv | tag | ciphertext). */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return 'v1:' + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

/** undefined when the key changed or the text was tampered with. */
export function decryptSecret(key: Buffer, sealed: string): string | undefined {
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64')
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}
