import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'Forgot your password?', intro: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    email: 'E-mail address', submit: 'Send link', again: 'Send another link',
    sent: 'If an account exists for {email}, we have sent it a link to reset the password. The link works once, for 60 minutes.',
    noMail: 'No mail after a few minutes? Check your spam folder or send another link; only the newest one works.',
    introOutbox: 'This server sends no e-mail, so no reset link can reach you by mail. Ask the server’s admin for a password-reset link; one you request below waits in the server’s outbox for the admin to hand over.',
    submitOutbox: 'Request a link', againOutbox: 'Request again',
    sentOutbox: 'If an account exists for {email}, its reset link is now in the server’s outbox, which only the admin can read. Ask the server’s admin for your password-reset link.',
    back: 'Back to sign in',
  },
  de: {
    title: 'Passwort vergessen?', intro: 'Gib die E-Mail-Adresse deines Kontos ein und wir schicken dir einen Link, mit dem du ein neues Passwort wählen kannst.',
    email: 'E-Mail-Adresse', submit: 'Link schicken', again: 'Noch einen Link schicken',
    sent: 'Falls es ein Konto für {email} gibt, haben wir dorthin einen Link zum Zurücksetzen des Passworts geschickt. Der Link funktioniert einmal und 60 Minuten lang.',
    noMail: 'Nach ein paar Minuten noch keine E-Mail? Schau im Spam-Ordner nach oder schick einen neuen Link; nur der neueste funktioniert.',
    introOutbox: 'Dieser Server verschickt keine E-Mails, daher kann dich kein Link per Mail erreichen. Bitte den Admin des Servers um einen Link zum Zurücksetzen des Passworts; einen Link, den du hier anforderst, findet der Admin im Postausgang des Servers und kann ihn dir geben.',
    submitOutbox: 'Link anfordern', againOutbox: 'Noch einmal anfordern',
    sentOutbox: 'Falls es ein Konto für {email} gibt, liegt sein Link zum Zurücksetzen jetzt im Postausgang des Servers, den nur der Admin lesen kann. Bitte den Admin des Servers um deinen Link zum Zurücksetzen des Passworts.',
    back: 'Zurück zur Anmeldung',
  },
  fr: {
    title: 'Mot de passe oublié ?', intro: "Saisissez l'adresse e-mail de votre compte et nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: 'Adresse e-mail', submit: 'Envoyer le lien', again: 'Envoyer un autre lien',
    sent: 'Si un compte existe pour {email}, nous y avons envoyé un lien pour réinitialiser le mot de passe. Le lien fonctionne une seule fois, pendant 60 minutes.',
    noMail: "Toujours pas d'e-mail après quelques minutes ? Vérifiez vos indésirables ou envoyez un autre lien ; seul le plus récent fonctionne.",
    introOutbox: "Ce serveur n’envoie pas d’e-mails : aucun lien ne peut vous parvenir par courrier. Demandez à l’administrateur du serveur un lien de réinitialisation du mot de passe ; un lien demandé ci-dessous attend dans la boîte d’envoi du serveur que l’administrateur vous le transmette.",
    submitOutbox: 'Demander un lien', againOutbox: 'Demander à nouveau',
    sentOutbox: 'Si un compte existe pour {email}, son lien de réinitialisation se trouve maintenant dans la boîte d’envoi du serveur, que seul l’administrateur peut lire. Demandez à l’administrateur du serveur votre lien de réinitialisation du mot de passe.',
    back: 'Retour à la connexion',
  },
  es: {
    title: '¿Olvidaste tu contraseña?', intro: 'Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
    email: 'Correo electrónico', submit: 'Enviar enlace', again: 'Enviar otro enlace',
    sent: 'Si existe una cuenta para {email}, le hemos enviado un enlace para restablecer la contraseña. El enlace funciona una sola vez, durante 60 minutos.',
    noMail: '¿Sigue sin llegar tras unos minutos? Revisa la carpeta de spam o envía otro enlace; solo funciona el más reciente.',
    introOutbox: 'Este servidor no envía correos, así que ningún enlace puede llegarte por correo. Pide al administrador del servidor un enlace para restablecer la contraseña; el que pidas aquí espera en la bandeja de salida del servidor a que el administrador te lo dé.',
    submitOutbox: 'Pedir un enlace', againOutbox: 'Pedir de nuevo',
    sentOutbox: 'Si existe una cuenta para {email}, su enlace para restablecer la contraseña está ahora en la bandeja de salida del servidor, que solo puede leer el administrador. Pide al administrador del servidor tu enlace para restablecer la contraseña.',
    back: 'Volver a iniciar sesión',
  },
})
