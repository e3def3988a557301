import type { Deps } from './deps'

/**
 * OWASP's argon2id configuration for small machines (m=19456 KiB, t=2, p=1): the memory cost is
 * PASSWORD_HASH_MEMORY_KIB, whose default this is. Bun's default, 64 MiB, put 128+ MB on a 2-core server
 * during a burst of sign-ins, more than the whole server's memory budget for a Pi.
 */
export const DEFAULT_PASSWORD_HASH_MEMORY_KIB = 19_456
const TIME_COST = 2

/**
 * Hashing and verifying run one at a time. Each holds its whole memory cost on Bun's thread pool until it
 * finishes, so a burst of sign-ins (a family's phones after a restart, the load benchmark's 20 clients) would
 * otherwise stack them: two cores gain nothing from more than one anyway, and a Pi's memory gains a fixed
 * ceiling. A queued login waits a few tens of milliseconds per hash ahead of it.
 */
let tail: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = tail.then(work, work)
  tail = run.catch(() => undefined)
  return run
}

/** argon2id through Bun.password (docs/api/auth.md §2). Always called outside transactions: hashing is slow. */
export function hashPassword(deps: Pick<Deps, 'config'>, plain: string): Promise<string> {
  return oneAtATime(() => Bun.password.hash(plain, { algorithm: 'argon2id', memoryCost: deps.config.passwordHashMemoryKib, timeCost: TIME_COST }))
}

/** The stored hash of an account without a password (a member who has not used their invitation, or chose a passkey). */
export const NO_PASSWORD = ''

/** A stored hash that cannot be parsed counts as a wrong password rather than a 500. */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  if (hash === NO_PASSWORD) return false
  try {
    return await oneAtATime(() => Bun.password.verify(plain, hash))
  } catch {
    return false
  }
}

/**
 * True when a stored hash was made with other costs than today's (an account from before the default became
 * 19 MiB, or an operator's change of PASSWORD_HASH_MEMORY_KIB): the next successful sign-in rehashes it.
 */
export function needsRehash(deps: Pick<Deps, 'config'>, hash: string): boolean {
  const params = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=\d+\$/.exec(hash)
  return !params || Number(params[1]) !== deps.config.passwordHashMemoryKib || Number(params[2]) !== TIME_COST
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
