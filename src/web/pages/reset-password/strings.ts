import { defineStrings } from '../../lib/i18n'

export const strings = defineStrings({
  en: {
    title: 'Choose a new password', forAccount: 'For the account {email}.', password: 'New password',
    passwordHint: 'At least 12 characters.', confirmation: 'Repeat the new password', submit: 'Save the new password',
    invalid: 'This reset link is invalid or has expired. A link works once, for 60 minutes, and only the newest one you asked for.',
    incomplete: 'This reset link is incomplete. Open the whole link from the mail, or ask for a new one.',
    requestNew: 'Ask for a new link', doneTitle: 'Password changed',
    done: 'Your password has been changed. For your safety, every device that was signed in has been signed out.',
  },
  de: {
    title: 'Neues Passwort wählen', forAccount: 'Für das Konto {email}.', password: 'Neues Passwort',
    passwordHint: 'Mindestens 12 Zeichen.', confirmation: 'Neues Passwort wiederholen', submit: 'Neues Passwort speichern',
    invalid: 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen. Ein Link funktioniert einmal, 60 Minuten lang, und nur der zuletzt angeforderte.',
    incomplete: 'Dieser Link zum Zurücksetzen ist unvollständig. Öffne den ganzen Link aus der E-Mail oder fordere einen neuen an.',
    requestNew: 'Neuen Link anfordern', doneTitle: 'Passwort geändert',
    done: 'Dein Passwort wurde geändert. Zu deiner Sicherheit wurden alle angemeldeten Geräte abgemeldet.',
  },
  fr: {
    title: 'Choisir un nouveau mot de passe', forAccount: 'Pour le compte {email}.', password: 'Nouveau mot de passe',
    passwordHint: 'Au moins 12 caractères.', confirmation: 'Répétez le nouveau mot de passe', submit: 'Enregistrer le nouveau mot de passe',
    invalid: "Ce lien de réinitialisation n'est pas valable ou a expiré. Un lien fonctionne une seule fois, pendant 60 minutes, et seul le dernier demandé compte.",
    incomplete: "Ce lien de réinitialisation est incomplet. Ouvrez le lien entier depuis l'e-mail, ou demandez-en un nouveau.",
    requestNew: 'Demander un nouveau lien', doneTitle: 'Mot de passe modifié',
    done: 'Votre mot de passe a été modifié. Par sécurité, tous les appareils connectés ont été déconnectés.',
  },
  es: {
    title: 'Elige una contraseña nueva', forAccount: 'Para la cuenta {email}.', password: 'Contraseña nueva',
    passwordHint: 'Al menos 12 caracteres.', confirmation: 'Repite la contraseña nueva', submit: 'Guardar la contraseña nueva',
    invalid: 'Este enlace para restablecer la contraseña no es válido o ha caducado. Un enlace funciona una sola vez, durante 60 minutos, y solo el último que pediste.',
    incomplete: 'Este enlace para restablecer la contraseña está incompleto. Abre el enlace completo del correo o pide uno nuevo.',
    requestNew: 'Pedir un enlace nuevo', doneTitle: 'Contraseña cambiada',
    done: 'Tu contraseña se ha cambiado. Por seguridad, se ha cerrado la sesión en todos los dispositivos.',
  },
})
