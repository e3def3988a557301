import type { Deps } from './deps'

/**
 * argon2id through Bun.password (auth.md §2) at the configured memory cost (PASSWORD_HASH_MEMORY_KIB); the
 * time cost is Bun's default. Always called outside transactions: hashing is slow.
 */
export function hashPassword(deps: Pick<Deps, 'config'>, plain: string): Promise<string> {
  return Bun.password.hash(plain, { algorithm: 'argon2id', memoryCost: deps.config.passwordHashMemoryKib, timeCost: 2 })
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
 * which addresses are registered. The dummy hash is computed once per process, at the configured cost.
 */
export async function spendPasswordCheck(deps: Pick<Deps, 'config'>, plain: string): Promise<void> {
  dummyHash ??= hashPassword(deps, 'daybook-dummy-password-for-timing')
  await verifyPassword(plain, await dummyHash)
}
