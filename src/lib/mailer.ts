import { join } from 'node:path'
import { writeFileSync, renameSync } from 'node:fs'
import type { Transporter } from 'nodemailer'
import { type Config } from '../config'
import { PRIVATE_FILE_MODE } from '../data-dir'
import type { Clock } from './clock'
import { errorFields, type Logger } from './logger'
import { randomHex } from './crypto'

export interface Mail { to: string; subject: string; text: string; html: string }

export interface Mailer {
  /** One attempt; failures are logged and never thrown (docs/api/auth.md §5.1). */
  send(mail: Mail): Promise<void>
  /** One attempt that throws what failed (nodemailer's error, with `responseCode` for an SMTP answer), bounded by `timeoutMs`. */
  deliver(mail: Mail, timeoutMs: number): Promise<void>
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(Object.assign(new Error('the mail server took too long'), { code: 'ETIMEDOUT' })), ms) })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

// nodemailer is loaded with the first mail: ~7 MB of resident memory that an idle server does not need.
let transports: Promise<{ smtp(url: string): Transporter; file(): Transporter }> | undefined
function loadTransports() {
  transports ??= import('nodemailer').then(({ default: nodemailer }) => ({
    smtp: (url: string) => nodemailer.createTransport(url),
    file: () => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  }))
  return transports
}

/**
 * A Mailer around one way of delivering: `send` logs a failure (mails are fire-and-forget), `deliver` reports it
 * to its caller within a time limit (notification channels record it).
 */
function mailerOver(deliver: (mail: Mail) => Promise<void>, logger: Logger, failure: string): Mailer {
  return {
    async send(mail) {
      try {
        await deliver(mail)
      } catch (err) {
        logger.error(failure, { to: mail.to, subject: mail.subject, ...errorFields(err) })
      }
    },
    deliver: (mail, timeoutMs) => withTimeout(deliver(mail), timeoutMs),
  }
}

/** Where the mails go, as GET /instance and a channel's test tell it: the mail server of SMTP_URL, or the outbox folder. */
export const emailDelivery = (config: Pick<Config, 'smtp'>): 'smtp' | 'outbox' => config.smtp ? 'smtp' : 'outbox'

/** Real SMTP through nodemailer when SMTP_URL is set, otherwise .eml files in $DATA_DIR/outbox/. */
export function createMailer(config: Config, clock: Clock, logger: Logger): Mailer {
  if (config.smtp) {
    const url = config.smtp.url
    let transport: Transporter | undefined
    return mailerOver(async (mail) => {
      transport ??= (await loadTransports()).smtp(url)
      await transport.sendMail({ from: config.mailFrom, ...mail })
      logger.info('mail sent', { to: mail.to, subject: mail.subject })
    }, logger, 'mail could not be sent')
  }
  let builder: Transporter | undefined
  const outbox = join(config.dataDir, 'outbox')
  return mailerOver(async (mail) => {
    builder ??= (await loadTransports()).file()
    const info = await builder.sendMail({ from: config.mailFrom, ...mail })
    const stamp = new Date(clock.now()).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')
    const file = join(outbox, `${stamp}-${randomHex(4)}.eml`)
    writeFileSync(file + '.tmp', info.message as Buffer, { mode: PRIVATE_FILE_MODE })
    renameSync(file + '.tmp', file)
    logger.info('mail written to outbox', { to: mail.to, subject: mail.subject, file })
  }, logger, 'mail could not be written')
}
