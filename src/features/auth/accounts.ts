import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { fieldError } from '../../lib/errors'
import { uuidv7 } from '../../lib/crypto'
import { users, type UserRow } from '../users/schema'
import { hashPassword } from '../../lib/passwords'
import { storeVerificationToken, type Tx } from './one-time-tokens'

export const TAKEN_EMAIL = 'The email has already been taken.'

/** E-mail addresses are stored as sent and compared case-insensitively (docs/api/conventions.md §2.5). */
export function emailKey(email: string): string {
  return email.toLowerCase()
}

export function findUserByEmail(deps: Pick<Deps, 'db'>, email: string): UserRow | undefined {
  return deps.db.select().from(users).where(eq(users.emailKey, emailKey(email))).get()
}

/** Validation step for `.check()`: the unique e-mail rule of register and `daybook user create`. */
export const uniqueEmail = (deps: Pick<Deps, 'db'>) => (value: string, attr: string) =>
  findUserByEmail(deps, value) ? `The ${attr} has already been taken.` : undefined

export interface NewAccount {
  name: string
  email: string
  password: string
  language: UserRow['language']
  /** `admin` is only given by the CLI; the first account of an instance is always `super_admin` */
  role: 'user' | 'admin'
  verified: boolean
}

export interface CreatedAccount {
  user: UserRow
  /** the plain verification secret, when the account starts unverified */
  verificationToken?: string
}

/** The account row and the e-mail rule, for a caller that writes more in the same transaction (an admin's invitation). */
export interface AccountRow {
  name: string
  email: string
  passwordHash: string
  language: UserRow['language']
  role: NewAccount['role']
  verified: boolean
}

/**
 * Inserts an account inside the caller's immediate transaction: a taken e-mail is the 422 of registration, and the
 * first account of an instance is always `super_admin` (docs/api/auth.md §2).
 */
export function insertAccount(tx: Tx, deps: Pick<Deps, 'config'>, input: AccountRow, now: number): UserRow {
  if (tx.select({ id: users.id }).from(users).where(eq(users.emailKey, emailKey(input.email))).get()) {
    throw fieldError('email', TAKEN_EMAIL)
  }
  const first = tx.select({ id: users.id }).from(users).limit(1).get() === undefined
  return tx.insert(users).values({
    id: uuidv7(now),
    name: input.name,
    email: input.email,
    emailKey: emailKey(input.email),
    passwordHash: input.passwordHash,
    role: first ? 'super_admin' : input.role,
    emailVerifiedAt: input.verified ? now : null,
    createdAt: now,
    updatedAt: now,
    language: input.language,
    timezone: deps.config.defaultTimezone,
  }).returning().get()
}

/**
 * Creates an account (register and `daybook user create`). The password is hashed before the transaction;
 * the first-user check and the insert share one immediate transaction, so two concurrent first sign-ups
 * (even from the CLI and the server at once) cannot both become super_admin or both take one e-mail.
 */
export async function createAccount(deps: Pick<Deps, 'db' | 'clock' | 'config'>, input: NewAccount): Promise<CreatedAccount> {
  const passwordHash = await hashPassword(deps, input.password)
  const now = deps.clock.now()
  return deps.db.transaction((tx) => {
    const user = insertAccount(tx, deps, { ...input, passwordHash }, now)
    const verificationToken = input.verified ? undefined : storeVerificationToken(tx, user.id, now)
    return { user, verificationToken }
  }, { behavior: 'immediate' })
}
