/** The mailed one-time secrets: only their SHA-256 is stored, one per user, a new one replaces the old. */
import { eq } from 'drizzle-orm'
import type { Db } from '../../lib/db/client'
import { DAY, HOUR } from '../../lib/clock'
import { randomAlnum, randomHex, sha256Hex } from '../../lib/crypto'
import { emailVerificationTokens, passwordResetTokens } from './schema'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const VERIFICATION_TOKEN_TTL = DAY
export const RESET_TOKEN_TTL = HOUR

/** 40 characters [A-Za-z0-9] (docs/api/auth.md §5.2). */
export function storeVerificationToken(tx: Tx, userId: string, now: number): string {
  const secret = randomAlnum(40)
  const row = { userId, tokenHash: sha256Hex(secret), createdAt: now }
  tx.insert(emailVerificationTokens).values(row)
    .onConflictDoUpdate({ target: emailVerificationTokens.userId, set: { tokenHash: row.tokenHash, createdAt: now } }).run()
  return secret
}

/** 64 lowercase hex characters from 32 random bytes (docs/api/auth.md §5.3). */
export function storeResetToken(tx: Tx, userId: string, now: number): string {
  const secret = randomHex(32)
  const row = { userId, tokenHash: sha256Hex(secret), createdAt: now }
  tx.insert(passwordResetTokens).values(row)
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: { tokenHash: row.tokenHash, createdAt: now } }).run()
  return secret
}

export function deleteVerificationToken(tx: Tx, userId: string): void {
  tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId)).run()
}
