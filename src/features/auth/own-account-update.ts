/**
 * docs/api/users.md §2.1: a person changes their own name and e-mail address. With e-mail verification on, a new
 * address is proven first: it waits in `pending_email`, the confirmation link goes to it, and sign-in stays on the
 * old address until the link is followed (verification.ts then switches them).
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { fieldError } from '../../lib/errors'
import { isUniqueViolation } from '../../lib/db/client'
import { emailTakenError, isEmailTaken } from '../users/admin-queries'
import { presentFullUser } from '../users/present'
import { users, type UserRow } from '../users/schema'
import { emailKey } from './accounts'
import { sendVerificationMail } from './mails'
import { UpdateOwnAccountBody } from './model'
import { deleteVerificationToken, storeVerificationToken, type Tx } from './one-time-tokens'

type Patch = Partial<typeof users.$inferInsert>

/**
 * What a new address does to the row. `confirm` says where the confirmation link goes, if one is due: to the
 * pending address of a verified account, or to the replaced address of one that was never verified (it could not
 * sign in with it anyway, so there is nothing to keep).
 */
export function ownEmailPatch(deps: Pick<Deps, 'config'>, user: UserRow, email: string): { patch: Patch; confirm?: string } {
  const sameMailbox = emailKey(email) === user.emailKey
  // Writing one's own address again (perhaps with other capitals) also withdraws a pending change.
  if (sameMailbox || !deps.config.emailVerification) return { patch: { email, emailKey: emailKey(email), pendingEmail: null } }
  if (user.emailVerifiedAt === null) return { patch: { email, emailKey: emailKey(email), pendingEmail: null }, confirm: email }
  return { patch: { pendingEmail: email }, confirm: email }
}

export function updateOwnAccount(deps: Deps, actor: Actor, body: Unchecked<typeof UpdateOwnAccountBody>) {
  const user = actor.user
  const input = UpdateOwnAccountBody
    .refine({ email: (field) => field.check((v: string, a) => isEmailTaken(deps, v, user.id) ? `The ${a} has already been taken.` : undefined) })
    .validate(body)
  if (input.name === undefined && input.email === undefined) throw fieldError('name', 'The name field is required when email is not present.')
  const email = input.email === undefined ? { patch: {} } : ownEmailPatch(deps, user, input.email)
  const patch: Patch = { ...email.patch, ...(input.name === undefined ? {} : { name: input.name }) }
  const now = deps.clock.now()
  let confirmation: { to: string; token: string } | undefined
  try {
    confirmation = deps.db.transaction((tx) => {
      tx.update(users).set({ ...patch, updatedAt: now }).where(eq(users.id, user.id)).run()
      return storeEmailConfirmation(tx, user, email, now)
    })
  } catch (err) {
    // Taken between the check and the write.
    if (isUniqueViolation(err, 'users.email_key')) throw emailTakenError()
    throw err
  }
  const updated = deps.db.select().from(users).where(eq(users.id, user.id)).get()!
  sendEmailConfirmation(deps, actor, updated, confirmation)
  return presentFullUser(deps, updated)
}

/**
 * Inside the write of an own address change: a new confirmation link replaces the old one; a withdrawn change leaves
 * no link that could still switch the address. Where the link must go and its secret, when one is due.
 */
export function storeEmailConfirmation(tx: Tx, user: UserRow, change: { patch: Patch; confirm?: string }, now: number) {
  if (change.confirm !== undefined) return { to: change.confirm, token: storeVerificationToken(tx, user.id, now) }
  if (change.patch.pendingEmail === null && user.pendingEmail !== null) deleteVerificationToken(tx, user.id)
  return undefined
}

/** After the write: mails the confirmation link, if one is due. */
export function sendEmailConfirmation(deps: Deps, actor: Actor, updated: UserRow, confirmation: { to: string; token: string } | undefined): void {
  if (confirmation) sendVerificationMail(deps, { ...updated, email: confirmation.to }, updated.language, confirmation.token, actor.platform)
}
