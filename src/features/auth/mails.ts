import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import type { Platform } from './tokens'
import { renderPasswordResetMail, renderVerificationMail, type RenderedMail } from './mail-templates'

interface Recipient { id: string; name: string; email: string }

/** docs/api/auth.md §5.2: {FRONTEND_URL}/auth/verify/{user_id}/{token}, plus ?platform= unless web. */
export function verificationLink(frontendUrl: string, userId: string, token: string, platform: Platform): string {
  const base = `${frontendUrl}/auth/verify/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`
  return platform === 'web' ? base : `${base}?platform=${encodeURIComponent(platform)}`
}

/** docs/api/auth.md §5.3: {FRONTEND_URL}/auth/reset-password?token=…&email=…, plus &platform= unless web. */
export function passwordResetLink(frontendUrl: string, token: string, email: string, platform: Platform): string {
  const base = `${frontendUrl}/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`
  return platform === 'web' ? base : `${base}&platform=${encodeURIComponent(platform)}`
}

/**
 * Hands a mail to the mailer without waiting for it: a slow or failing SMTP server never delays or changes
 * the API answer (docs/api/auth.md §5.1), and answer times do not reveal whether an account exists.
 */
function dispatch(deps: Pick<Deps, 'mailer' | 'logger'>, to: string, mail: RenderedMail): void {
  deps.mailer.send({ to, ...mail }).catch((err) => deps.logger.error('mail could not be sent', { subject: mail.subject, ...errorFields(err) }))
}

export function sendVerificationMail(deps: Pick<Deps, 'config' | 'mailer' | 'logger'>, user: Recipient, language: string, token: string, platform: Platform): void {
  const url = verificationLink(deps.config.frontendUrl, user.id, token, platform)
  dispatch(deps, user.email, renderVerificationMail(language, user.name, url))
}

export function sendPasswordResetMail(deps: Pick<Deps, 'config' | 'mailer' | 'logger'>, user: Recipient, language: string, token: string, platform: Platform): void {
  const url = passwordResetLink(deps.config.frontendUrl, token, user.email, platform)
  dispatch(deps, user.email, renderPasswordResetMail(language, user.name, url))
}
