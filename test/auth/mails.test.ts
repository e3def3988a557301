import { afterEach, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { textPart } from '../helpers/smtp'
import { createMailApp, htmlPart, linkIn, nthMail, registration, verificationParts, type MailApp } from './helpers'

let t: TestApp | undefined
let m: MailApp | undefined
afterEach(async () => { t?.close(); t = undefined; await m?.close(); m = undefined })

async function until<T>(what: () => T | undefined, label: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = what()
    if (value !== undefined) return value
    await Bun.sleep(10)
  }
  throw new Error(`timed out waiting for ${label}`)
}

describe('verification mail', () => {
  test('text and HTML parts in the contract order, from MAIL_FROM, with the link', async () => {
    m = await createMailApp({ MAIL_FROM: 'Daybook <hello@example.com>' })
    await m.t.request('POST', '/api/v1/auth/register', { body: registration({ name: 'Ada <3' }) })
    const mail = await nthMail(m.smtp, 1)
    expect(mail.from).toBe('hello@example.com')
    expect(mail.subject).toBe('Confirm your mail address')
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/)
    const link = linkIn(mail.text)
    const { user_id } = verificationParts(link)
    expect(link.href).toMatch(new RegExp(`^https://app\\.example\\.com/auth/verify/${user_id}/[A-Za-z0-9]{40}$`))
    expect(mail.text.replace(/\r\n/g, '\n')).toBe([
      'Hello, Ada <3!',
      'Thanks for signing up for daybook. Please confirm your e-mail address.',
      link.href,
      'This link is valid for 24 hours.',
      'If you did not create an account, no further action is required.',
    ].join('\n\n') + '\n')
    const html = htmlPart(mail.raw)
    const order = ['Hello, Ada &lt;3!', 'Please confirm your e-mail address.', `href="${link.href}"`, 'Verify Email Address',
      'This link is valid for 24 hours.', 'no further action is required.', `If the button does not work, copy this link into your browser: <a href="${link.href}"`]
    const positions = order.map((s) => html.indexOf(s))
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  })

  test('a non-web platform is added to the link', async () => {
    m = await createMailApp()
    await m.t.request('POST', '/api/v1/auth/register', { body: registration({ platform: 'mobile' }) })
    expect(linkIn((await nthMail(m.smtp, 1)).text).search).toBe('?platform=mobile')
  })

  test('the language sent at registration picks the texts', async () => {
    m = await createMailApp()
    const expected: Record<string, [string, string]> = {
      de: ['Bestätige deine E-Mail-Adresse', 'Hallo, Ada!'],
      fr: ['Confirme ton adresse e-mail', 'Bonjour, Ada !'],
      es: ['Confirma tu dirección de correo electrónico', '¡Hola, Ada!'],
      en: ['Confirm your mail address', 'Hello, Ada!'],
    }
    let n = 0
    for (const [language, [subject, greeting]] of Object.entries(expected)) {
      await m.t.request('POST', '/api/v1/auth/register', { body: registration({ name: 'Ada', email: `${language}@example.com`, language }) })
      const mail = await nthMail(m.smtp, ++n)
      expect(mail.subject).toBe(subject)
      expect(mail.text.startsWith(greeting)).toBe(true)
    }
    expect(htmlPart((await nthMail(m.smtp, 1)).raw)).toContain('Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:')
  })
})

describe('resent verification mail', () => {
  test('is in the account language, not the one of the request', async () => {
    m = await createMailApp()
    await m.t.request('POST', '/api/v1/auth/register', { body: registration({ name: 'Ada', language: 'fr' }) })
    expect((await nthMail(m.smtp, 1)).subject).toBe('Confirme ton adresse e-mail')
    m.t.deps.db.$client.query('UPDATE users SET language = ?').run('es')
    await m.t.request('POST', '/api/v1/auth/verify/resend', { body: { email: 'ada@example.com' } })
    const mail = await nthMail(m.smtp, 2)
    expect(mail.subject).toBe('Confirma tu dirección de correo electrónico')
    expect(mail.text.startsWith('¡Hola, Ada!')).toBe(true)
  })
})

describe('password-reset mail', () => {
  test('sent in the account language', async () => {
    m = await createMailApp()
    const cases: [string, string, string][] = [
      ['de', 'Dein daybook-Passwort zurücksetzen', 'Dieser Link läuft in 60 Minuten ab und kann einmal verwendet werden.'],
      ['fr', 'Réinitialise ton mot de passe daybook', "Ce lien expire dans 60 minutes et ne peut être utilisé qu'une seule fois."],
      ['es', 'Restablece tu contraseña de daybook', 'Este enlace caduca en 60 minutos y solo se puede usar una vez.'],
      ['en', 'Reset your daybook password', 'This link expires in 60 minutes and can be used once.'],
    ]
    let n = 0
    for (const [language, subject, validity] of cases) {
      const u = await createUser(m.t, { email: `${language}@example.com` })
      m.t.deps.db.$client.query('UPDATE users SET language = ? WHERE id = ?').run(language, u.id)
      await m.t.request('POST', '/api/v1/auth/forgot-password', { body: { email: u.email } })
      const mail = await nthMail(m.smtp, ++n)
      expect(mail.subject).toBe(subject)
      expect(mail.text).toContain(validity)
    }
  })
})

describe('delivery', () => {
  test('without SMTP_URL the mail lands in $DATA_DIR/outbox as .eml with the working link', async () => {
    t = createTestApp({ EMAIL_VERIFICATION: 'true' })
    expect((await t.request('POST', '/api/v1/auth/register', { body: registration() })).status).toBe(201)
    const outbox = join(t.dataDir, 'outbox')
    const file = await until(() => readdirSync(outbox).find((f) => f.endsWith('.eml')), 'the outbox file')
    expect(file).toMatch(/^20260624T100000Z-[0-9a-f]{8}\.eml$/)
    const raw = readFileSync(join(outbox, file), 'utf8')
    expect(raw).toMatch(/^To: ada@example\.com$/m)
    const parts = verificationParts(linkIn(textPart(raw)))
    expect((await t.request('POST', '/api/v1/auth/verify', { body: parts })).status).toBe(201)
    const logged = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'mail written to outbox')
    expect(logged).toMatchObject({ level: 'info', to: 'ada@example.com', subject: 'Confirm your mail address' })
    expect(t.logs.join('\n')).not.toContain(parts.token)
  })

  test('an SMTP server that cannot be reached is logged and does not change the answer', async () => {
    m = await createMailApp()
    await m.smtp.close()
    const r = await m.t.request('POST', '/api/v1/auth/register', { body: registration() })
    expect(r.status).toBe(201)
    const f = await m.t.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'ada@example.com' } })
    expect(f.status).toBe(200)
    await until(() => m!.t.logs.find((l) => l.includes('mail could not be sent')), 'the failure log line')
  })
})
