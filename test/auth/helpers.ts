/** Shared pieces of the account tests: a registration body, the SMTP-backed app, and reading mailed links. */
import { createTestApp, type TestApp } from '../helpers/app'
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../helpers/smtp'

export const PASSWORD = 'a long enough passphrase'

export function registration(overrides: Record<string, unknown> = {}) {
  return { name: 'Ada Lovelace', email: 'ada@example.com', password: PASSWORD, password_confirmation: PASSWORD, ...overrides }
}

export interface MailApp { t: TestApp; smtp: SmtpCapture; close(): Promise<void> }

/** A test app whose mails go to a real SMTP capture (so EMAIL_VERIFICATION defaults to true). */
export async function createMailApp(env: Record<string, string> = {}): Promise<MailApp> {
  const smtp = await startSmtpCapture()
  const t = createTestApp({ SMTP_URL: smtp.url, FRONTEND_URL: 'https://app.example.com/', ...env })
  return { t, smtp, close: async () => { t.close(); await smtp.close() } }
}

/** Waits for the n-th mail (1-based) and returns it. */
export async function nthMail(smtp: SmtpCapture, n: number): Promise<CapturedMail> {
  const messages = await smtp.waitFor(n)
  const mail = messages[n - 1]
  if (!mail) throw new Error(`expected at least ${n} mails, got ${messages.length}`)
  return mail
}

/** The one link of a mail's text part. */
export function linkIn(text: string): URL {
  const found = text.match(/https?:\/\/\S+/g) ?? []
  if (found.length !== 1) throw new Error(`expected one link, found ${found.length} in:\n${text}`)
  return new URL(found[0]!)
}

/** `{user_id, token}` from a verification link `/auth/verify/{user_id}/{token}`. */
export function verificationParts(url: URL): { user_id: string; token: string } {
  const m = /^\/auth\/verify\/([^/]+)\/([^/]+)$/.exec(url.pathname)
  if (!m) throw new Error(`not a verification link: ${url}`)
  return { user_id: decodeURIComponent(m[1]!), token: decodeURIComponent(m[2]!) }
}

function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) { bytes.push(parseInt(hex, 16)); i += 2 }
    else bytes.push(...Buffer.from(soft[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The HTML part of a multipart/alternative message, decoded. */
export function htmlPart(raw: string): string {
  const m = /Content-Type: text\/html[^]*?Content-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw)
  if (!m) return ''
  const encoding = m[1]!.toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(m[2]!)
  if (encoding === 'base64') return Buffer.from(m[2]!.replace(/\s/g, ''), 'base64').toString('utf8')
  return m[2]!
}

/** Registers, reads the verification mail and verifies; returns the new user's id. */
export async function registerAndVerify(app: MailApp, body: Record<string, unknown> = registration()): Promise<string> {
  const before = app.smtp.messages.length
  const r = await app.t.request('POST', '/api/v1/auth/register', { body })
  if (r.status !== 201) throw new Error(`register failed: ${JSON.stringify(r.body)}`)
  const parts = verificationParts(linkIn((await nthMail(app.smtp, before + 1)).text))
  const v = await app.t.request('POST', '/api/v1/auth/verify', { body: parts })
  if (v.status !== 201) throw new Error(`verify failed: ${JSON.stringify(v.body)}`)
  return parts.user_id
}

export async function login(t: TestApp, email: string, password = PASSWORD, platform?: string): Promise<{ token: string; id: number }> {
  const r = await t.request('POST', '/api/v1/auth/login', { body: { email, password, ...(platform ? { platform } : {}) } })
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`)
  return { token: r.body.data.token, id: Number(String(r.body.data.token).split('|')[0]) }
}
