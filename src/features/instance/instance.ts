import type { Deps } from '../../lib/deps'
import { emailDelivery } from '../../lib/mailer'
import { VERSION } from '../../version'

/** The public description of this server: nothing in it is secret, and nothing depends on who asks. */
export function describeInstance(deps: Pick<Deps, 'config' | 'telegramBot'>) {
  const { config } = deps
  return {
    name: config.instanceName,
    version: VERSION,
    registration_open: config.registrationOpen,
    email_delivery: emailDelivery(config),
    email_verification: config.emailVerification,
    // WebAuthn needs nothing to be configured: its relying party defaults to the web app's own host.
    passkeys: true,
    telegram_bot: config.telegram ? deps.telegramBot.username : null,
  }
}
