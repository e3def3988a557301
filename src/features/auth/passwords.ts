/** argon2id through Bun.password (auth.md §2). Always called outside transactions: hashing is slow. */
export function hashPassword(plain: string): Promise<string> {
  return Bun.password.hash(plain, { algorithm: 'argon2id' })
}

/** A stored hash that cannot be parsed counts as a wrong password rather than a 500. */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(plain, hash)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Costs one argon2id verification for an e-mail without an account, so login timing does not reveal
 * which addresses are registered. The dummy hash is computed once per process.
 */
export async function spendPasswordCheck(plain: string): Promise<void> {
  dummyHash ??= hashPassword('daybook-dummy-password-for-timing')
  await verifyPassword(plain, await dummyHash)
}
