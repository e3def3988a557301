import { join } from 'node:path'
import { writeFileSync, renameSync } from 'node:fs'
import type { Transporter } from 'nodemailer'
import { PRIVATE_FILE_MODE, type Config } from '../config'
import type { Clock } from './clock'
import { errorFields, type Logger } from './logger'
import { randomHex } from './crypto'

export interface Mail { to: string; subject: string; text: string; html: string }

export interface Mailer {
  /** One attempt; failures are logged and never thrown (auth.md 5.1). */
  send(mail: Mail): Promise<void>
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

/** Real SMTP through nodemailer when SMTP_URL is set, otherwise .eml files in $DATA_DIR/outbox/. */
export function createMailer(config: Config, clock: Clock, logger: Logger): Mailer {
  if (config.smtp) {
    const url = config.smtp.url
    let transport: Transporter | undefined
    return {
      async send(mail) {
        try {
          transport ??= (await loadTransports()).smtp(url)
          await transport.sendMail({ from: config.mailFrom, ...mail })
          logger.info('mail sent', { to: mail.to, subject: mail.subject })
        } catch (err) {
          logger.error('mail could not be sent', { to: mail.to, subject: mail.subject, ...errorFields(err) })
        }
      },
    }
  }
  let builder: Transporter | undefined
  const outbox = join(config.dataDir, 'outbox')
  return {
    async send(mail) {
      try {
        builder ??= (await loadTransports()).file()
        const info = await builder.sendMail({ from: config.mailFrom, ...mail })
        const stamp = new Date(clock.now()).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')
        const file = join(outbox, `${stamp}-${randomHex(4)}.eml`)
        writeFileSync(file + '.tmp', info.message as Buffer, { mode: PRIVATE_FILE_MODE })
        renameSync(file + '.tmp', file)
        logger.info('mail written to outbox', { to: mail.to, subject: mail.subject, file })
      } catch (err) {
        logger.error('mail could not be written', { to: mail.to, subject: mail.subject, ...errorFields(err) })
      }
    },
  }
}
