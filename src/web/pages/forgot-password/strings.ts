import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'Forgot your password?', intro: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    email: 'E-mail address', submit: 'Send link', again: 'Send another link',
    sent: 'If an account exists for {email}, we have sent it a link to reset the password. The link works once, for 60 minutes.',
    noMail: 'No mail after a few minutes? Check your spam folder or send another link; only the newest one works.',
    back: 'Back to sign in',
  },
  de: {
    title: 'Passwort vergessen?', intro: 'Gib die E-Mail-Adresse deines Kontos ein und wir schicken dir einen Link, mit dem du ein neues Passwort wählen kannst.',
    email: 'E-Mail-Adresse', submit: 'Link schicken', again: 'Noch einen Link schicken',
    sent: 'Falls es ein Konto für {email} gibt, haben wir dorthin einen Link zum Zurücksetzen des Passworts geschickt. Der Link funktioniert einmal und 60 Minuten lang.',
    noMail: 'Nach ein paar Minuten noch keine E-Mail? Schau im Spam-Ordner nach oder schick einen neuen Link; nur der neueste funktioniert.',
    back: 'Zurück zur Anmeldung',
  },
  fr: {
    title: 'Mot de passe oublié ?', intro: "Saisissez l'adresse e-mail de votre compte et nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: 'Adresse e-mail', submit: 'Envoyer le lien', again: 'Envoyer un autre lien',
    sent: 'Si un compte existe pour {email}, nous y avons envoyé un lien pour réinitialiser le mot de passe. Le lien fonctionne une seule fois, pendant 60 minutes.',
    noMail: "Toujours pas d'e-mail après quelques minutes ? Vérifiez vos indésirables ou envoyez un autre lien ; seul le plus récent fonctionne.",
    back: 'Retour à la connexion',
  },
  es: {
    title: '¿Olvidaste tu contraseña?', intro: 'Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
    email: 'Correo electrónico', submit: 'Enviar enlace', again: 'Enviar otro enlace',
    sent: 'Si existe una cuenta para {email}, le hemos enviado un enlace para restablecer la contraseña. El enlace funciona una sola vez, durante 60 minutos.',
    noMail: '¿Sigue sin llegar tras unos minutos? Revisa la carpeta de spam o envía otro enlace; solo funciona el más reciente.',
    back: 'Volver a iniciar sesión',
  },
})
