/** A real SMTP server on loopback (the smtp-server package) that keeps every message it receives. */
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface CapturedMail { from: string; to: string[]; raw: string; subject: string; text: string }

export interface SmtpCapture { url: string; messages: CapturedMail[]; close(): Promise<void>; waitFor(count: number, ms?: number): Promise<CapturedMail[]> }

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = []
  const soft = s.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) { bytes.push(parseInt(soft.slice(i + 1, i + 3), 16)); i += 2 }
    else bytes.push(...Buffer.from(soft[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeHeader(v: string): string {
  return v.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')))
}

/** The plain-text part of a multipart/alternative message, decoded. */
export function textPart(raw: string): string {
  const m = /Content-Type: text\/plain[^]*?Content-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw)
  if (!m) return ''
  const [, enc, body] = m as unknown as [string, string, string]
  if (enc.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body)
  if (enc.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
  return body
}

export function subjectOf(raw: string): string {
  const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)
  return m ? decodeHeader(m[1]!.replace(/\r?\n[ \t]/g, ' ')) : ''
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: subjectOf(raw),
          text: textPart(raw),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async waitFor(count, ms = 5000) {
      const end = Date.now() + ms
      while (messages.length < count && Date.now() < end) await Bun.sleep(10)
      return messages
    },
  }
}
