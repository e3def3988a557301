import type { Deps } from '../../lib/deps'
import type { Unchecked } from '../../lib/validation'
import { ForbiddenError } from '../../lib/errors'
import { createAccount, uniqueEmail } from './accounts'
import { RegisterBody } from './model'
import { sendVerificationMail } from './mails'

/**
 * docs/api/auth.md §3.2. A closed instance refuses before validating; with verification on, the account starts
 * unverified and gets the mail in the language sent here. No token is issued.
 */
export async function registerUser(deps: Deps, body: Unchecked<typeof RegisterBody>): Promise<void> {
  if (!deps.config.registrationOpen) throw new ForbiddenError('Registration is closed.', 'registration_closed')
  const input = RegisterBody.refine({ email: (field) => field.check(uniqueEmail(deps)) }).validate(body)
  const verified = !deps.config.emailVerification
  const { user, verificationToken } = await createAccount(deps, {
    name: input.name,
    email: input.email,
    password: input.password,
    language: input.language ?? 'en',
    role: 'user',
    verified,
  })
  if (verificationToken) sendVerificationMail(deps, user, user.language, verificationToken, input.platform ?? 'web')
}
