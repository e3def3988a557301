/**
 * The texts of the account e-mails, exactly as docs/api/auth.md §5.2–5.3 gives them, and their text + HTML rendering.
 */
export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'es'] as const
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

interface MailTexts {
  subject: string
  greeting: (name: string) => string
  intro: string
  button: string
  validity: string
  ignore: string
}

const GREETINGS: Record<MailLanguage, (name: string) => string> = {
  en: (name) => `Hello, ${name}!`,
  de: (name) => `Hallo, ${name}!`,
  fr: (name) => `Bonjour, ${name} !`,
  es: (name) => `¡Hola, ${name}!`,
}

const FALLBACK: Record<MailLanguage, string> = {
  en: 'If the button does not work, copy this link into your browser:',
  de: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
  fr: 'Si le bouton ne fonctionne pas, copie ce lien dans ton navigateur :',
  es: 'Si el botón no funciona, copia este enlace en tu navegador:',
}

const VERIFICATION: Record<MailLanguage, MailTexts> = {
  en: {
    subject: 'Confirm your mail address', greeting: GREETINGS.en,
    intro: 'Thanks for signing up for daybook. Please confirm your e-mail address.',
    button: 'Verify Email Address', validity: 'This link is valid for 24 hours.',
    ignore: 'If you did not create an account, no further action is required.',
  },
  de: {
    subject: 'Bestätige deine E-Mail-Adresse', greeting: GREETINGS.de,
    intro: 'Danke für deine Registrierung bei daybook. Bitte bestätige deine E-Mail-Adresse.',
    button: 'E-Mail-Adresse bestätigen', validity: 'Dieser Link ist 24 Stunden gültig.',
    ignore: 'Falls du kein Konto erstellt hast, musst du nichts weiter tun.',
  },
  fr: {
    subject: 'Confirme ton adresse e-mail', greeting: GREETINGS.fr,
    intro: 'Merci pour ton inscription sur daybook. Confirme ton adresse e-mail.',
    button: "Vérifier l'adresse e-mail", validity: 'Ce lien est valable 24 heures.',
    ignore: "Si tu n'as pas créé de compte, tu n'as rien à faire.",
  },
  es: {
    subject: 'Confirma tu dirección de correo electrónico', greeting: GREETINGS.es,
    intro: 'Gracias por registrarte en daybook. Confirma tu dirección de correo electrónico.',
    button: 'Verificar correo electrónico', validity: 'Este enlace es válido durante 24 horas.',
    ignore: 'Si no has creado una cuenta, no tienes que hacer nada.',
  },
}

const PASSWORD_RESET: Record<MailLanguage, MailTexts> = {
  en: {
    subject: 'Reset your daybook password', greeting: GREETINGS.en,
    intro: 'We received a request to reset the password of your account.',
    button: 'Reset Password', validity: 'This link expires in 60 minutes and can be used once.',
    ignore: 'If you did not request a password reset, no further action is required.',
  },
  de: {
    subject: 'Dein daybook-Passwort zurücksetzen', greeting: GREETINGS.de,
    intro: 'Wir haben eine Anfrage erhalten, das Passwort deines Kontos zurückzusetzen.',
    button: 'Passwort zurücksetzen', validity: 'Dieser Link läuft in 60 Minuten ab und kann einmal verwendet werden.',
    ignore: 'Falls du das nicht angefordert hast, musst du nichts weiter tun.',
  },
  fr: {
    subject: 'Réinitialise ton mot de passe daybook', greeting: GREETINGS.fr,
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de ton compte.',
    button: 'Réinitialiser le mot de passe', validity: "Ce lien expire dans 60 minutes et ne peut être utilisé qu'une seule fois.",
    ignore: "Si tu n'as pas demandé de réinitialisation, tu n'as rien à faire.",
  },
  es: {
    subject: 'Restablece tu contraseña de daybook', greeting: GREETINGS.es,
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
    button: 'Restablecer contraseña', validity: 'Este enlace caduca en 60 minutos y solo se puede usar una vez.',
    ignore: 'Si no has solicitado restablecer la contraseña, no tienes que hacer nada.',
  },
}

export interface RenderedMail { subject: string; text: string; html: string }

/** A stored language outside the four known ones falls back to English. */
export function mailLanguage(value: string): MailLanguage {
  return (MAIL_LANGUAGES as readonly string[]).includes(value) ? value as MailLanguage : 'en'
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** Both parts hold, in order: greeting, intro, the link, validity, ignore line; HTML adds the fallback line. */
function render(lang: MailLanguage, texts: MailTexts, name: string, url: string): RenderedMail {
  const greeting = texts.greeting(name)
  const text = [greeting, texts.intro, url, texts.validity, texts.ignore].join('\n\n') + '\n'
  const href = escapeHtml(url)
  const p = (content: string, style = 'margin:0 0 16px;') => `<p style="${style}">${content}</p>`
  const html = `<!DOCTYPE html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(texts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933;line-height:1.5;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
${p(escapeHtml(greeting), 'margin:0 0 16px;font-size:18px;font-weight:600;')}
${p(escapeHtml(texts.intro))}
${p(`<a href="${href}" style="display:inline-block;padding:12px 24px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">${escapeHtml(texts.button)}</a>`, 'margin:24px 0;text-align:center;')}
${p(escapeHtml(texts.validity))}
${p(escapeHtml(texts.ignore))}
${p(`${escapeHtml(FALLBACK[lang])} <a href="${href}" style="color:#2563eb;">${href}</a>`, 'margin:0;font-size:12px;color:#616e7c;word-break:break-all;')}
</div>
</body>
</html>
`
  return { subject: texts.subject, text, html }
}

export function renderVerificationMail(language: string, name: string, url: string): RenderedMail {
  const lang = mailLanguage(language)
  return render(lang, VERIFICATION[lang], name, url)
}

export function renderPasswordResetMail(language: string, name: string, url: string): RenderedMail {
  const lang = mailLanguage(language)
  return render(lang, PASSWORD_RESET[lang], name, url)
}
