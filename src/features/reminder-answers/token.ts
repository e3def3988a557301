/**
 * The signed answers of a reminder (docs/api/notifications.md §7): a Telegram button's callback data, an ntfy
 * action's URL, the e-mail's check-in link. One compact text carries who, which day, which question and which value,
 * with an HMAC of the app key (a key derived for this use only), truncated to 96 bits:
 *
 *   <use><user: 22 base64url>.<date: YYYYMMDD>.<question>.<value>.<signature: 16 base64url>
 *
 * so a Telegram callback (at most 64 bytes) fits. `use` keeps one channel's token from being spent on another's door.
 * Nothing is stored: a token is valid because it is signed, until its day ends (checked by the caller, which has the
 * person's calendar).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { UUID_RE } from '../../lib/crypto'

/** t: a Telegram button, n: an ntfy action, l: the check-in link of the e-mail and webhook. */
export type TokenUse = 't' | 'n' | 'l'

export interface AnswerClaim { use: TokenUse; userId: string; date: string; question: string; value: number }

/** Telegram's limit for callback_data, in bytes. */
export const MAX_TOKEN_BYTES = 64
const SIGNATURE_BYTES = 12
const QUESTION_RE = /^[a-z][a-z0-9]{0,7}$/

const keys = new WeakMap<Buffer, Buffer>()
/** The app key is never used directly: this use gets its own key, so no other signature of the app can pass here. */
function signingKey(appKey: Buffer): Buffer {
  let key = keys.get(appKey)
  if (!key) {
    key = createHmac('sha256', appKey).update('daybook reminder answers v1').digest()
    keys.set(appKey, key)
  }
  return key
}

const sign = (appKey: Buffer, payload: string) =>
  createHmac('sha256', signingKey(appKey)).update(payload).digest().subarray(0, SIGNATURE_BYTES).toString('base64url')

/** The token, or undefined when it cannot be made (a user id that is not a UUID, a question too long to fit). */
export function signAnswer(appKey: Buffer, claim: AnswerClaim): string | undefined {
  if (!UUID_RE.test(claim.userId) || !QUESTION_RE.test(claim.question) || !Number.isSafeInteger(claim.value)) return undefined
  const user = Buffer.from(claim.userId.replace(/-/g, ''), 'hex').toString('base64url')
  const payload = `${claim.use}${user}.${claim.date.replace(/-/g, '')}.${claim.question}.${claim.value}`
  const token = `${payload}.${sign(appKey, payload)}`
  return Buffer.byteLength(token) <= MAX_TOKEN_BYTES ? token : undefined
}

const TOKEN_RE = /^([tnl])([A-Za-z0-9_-]{22})\.(\d{4})(\d{2})(\d{2})\.([a-z][a-z0-9]{0,7})\.(-?\d{1,3})\.([A-Za-z0-9_-]{16})$/

/** The claim of a token signed by this server for `use`; undefined for anything else (forged, altered, another use). */
export function verifyAnswer(appKey: Buffer, use: TokenUse, token: string): AnswerClaim | undefined {
  const m = TOKEN_RE.exec(token)
  if (!m || m[1] !== use) return undefined
  const payload = token.slice(0, token.lastIndexOf('.'))
  const expected = Buffer.from(sign(appKey, payload))
  const got = Buffer.from(m[8]!)
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return undefined
  const hex = Buffer.from(m[2]!, 'base64url').toString('hex')
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  return { use, userId, date: `${m[3]}-${m[4]}-${m[5]}`, question: m[6]!, value: Number(m[7]) }
}
