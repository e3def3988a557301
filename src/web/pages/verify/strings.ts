import { defineStrings } from '../../lib/i18n'

/** The verification page: one text per answer of POST /auth/verify (docs/api/auth.md §3.4). */
export const strings = defineStrings({
  en: {
    title: 'Confirm your e-mail address', checking: 'Confirming your address…',
    verified: 'Your e-mail address is confirmed. Welcome to daybook!',
    already: 'This address is already confirmed, nothing more to do.',
    expired: 'This link has expired: confirmation links are valid for 24 hours.',
    mismatch: 'This link is no longer valid. A newer one may have been sent since: use the link in the most recent mail, or ask for a new one.',
    unknown: 'This link does not belong to any account waiting for confirmation. Check that the whole link was copied from the mail.',
    newLink: 'Get a new link', newLinkIntro: 'Enter the address you registered with and we will send you a fresh link.',
    register: 'No account yet?', registerLink: 'Create one',
  },
  de: {
    title: 'E-Mail-Adresse bestätigen', checking: 'Deine Adresse wird bestätigt…',
    verified: 'Deine E-Mail-Adresse ist bestätigt. Willkommen bei daybook!',
    already: 'Diese Adresse ist schon bestätigt, du musst nichts weiter tun.',
    expired: 'Dieser Link ist abgelaufen: Bestätigungslinks gelten 24 Stunden.',
    mismatch: 'Dieser Link gilt nicht mehr. Vielleicht wurde seitdem ein neuerer geschickt: Nimm den Link aus der neuesten E-Mail oder fordere einen neuen an.',
    unknown: 'Dieser Link gehört zu keinem Konto, das auf eine Bestätigung wartet. Prüfe, ob der ganze Link aus der E-Mail kopiert wurde.',
    newLink: 'Neuen Link anfordern', newLinkIntro: 'Gib die Adresse ein, mit der du dich registriert hast, und wir schicken dir einen neuen Link.',
    register: 'Noch kein Konto?', registerLink: 'Jetzt erstellen',
  },
  fr: {
    title: 'Confirmer votre adresse e-mail', checking: 'Confirmation de votre adresse…',
    verified: 'Votre adresse e-mail est confirmée. Bienvenue sur daybook !',
    already: 'Cette adresse est déjà confirmée, vous n\'avez rien d\'autre à faire.',
    expired: 'Ce lien a expiré : les liens de confirmation sont valables 24 heures.',
    mismatch: "Ce lien n'est plus valable. Un lien plus récent a peut-être été envoyé entre-temps : utilisez celui du dernier e-mail, ou demandez-en un nouveau.",
    unknown: "Ce lien ne correspond à aucun compte en attente de confirmation. Vérifiez que le lien a été copié en entier depuis l'e-mail.",
    newLink: 'Recevoir un nouveau lien', newLinkIntro: "Saisissez l'adresse utilisée à l'inscription et nous vous enverrons un nouveau lien.",
    register: 'Pas encore de compte ?', registerLink: 'En créer un',
  },
  es: {
    title: 'Confirma tu correo electrónico', checking: 'Confirmando tu dirección…',
    verified: 'Tu correo electrónico está confirmado. ¡Te damos la bienvenida a daybook!',
    already: 'Esta dirección ya está confirmada, no tienes que hacer nada más.',
    expired: 'Este enlace ha caducado: los enlaces de confirmación son válidos durante 24 horas.',
    mismatch: 'Este enlace ya no es válido. Puede que se haya enviado uno más reciente: usa el enlace del último correo o pide uno nuevo.',
    unknown: 'Este enlace no pertenece a ninguna cuenta pendiente de confirmar. Comprueba que se ha copiado el enlace completo del correo.',
    newLink: 'Recibir un enlace nuevo', newLinkIntro: 'Escribe la dirección con la que te registraste y te enviaremos un enlace nuevo.',
    register: '¿Aún no tienes cuenta?', registerLink: 'Crear una',
  },
})

/** Asking for a new confirmation link (docs/api/auth.md §3.5), on this page and after registration. */
export const resendStrings = defineStrings({
  en: {
    email: 'E-mail address', send: 'Send a new link', again: 'Send another link',
    sent: 'If {email} belongs to an account waiting for confirmation, a new link is on its way. It replaces the earlier ones.',
  },
  de: {
    email: 'E-Mail-Adresse', send: 'Neuen Link schicken', again: 'Noch einen Link schicken',
    sent: 'Falls {email} zu einem Konto gehört, das auf eine Bestätigung wartet, ist ein neuer Link unterwegs. Er ersetzt die früheren.',
  },
  fr: {
    email: 'Adresse e-mail', send: 'Envoyer un nouveau lien', again: 'Envoyer un autre lien',
    sent: 'Si {email} correspond à un compte en attente de confirmation, un nouveau lien est en route. Il remplace les précédents.',
  },
  es: {
    email: 'Correo electrónico', send: 'Enviar un enlace nuevo', again: 'Enviar otro enlace',
    sent: 'Si {email} pertenece a una cuenta pendiente de confirmar, te hemos enviado un enlace nuevo. Sustituye a los anteriores.',
  },
})

/** What comes after a mail link did its job (see link-platform.tsx). */
export const nextStepStrings = defineStrings({
  en: {
    signIn: 'Sign in', home: 'Go to the start page', orWeb: 'Or use daybook on the web:',
    inMobileApp: 'You can go back to the daybook app on your phone and sign in there.',
    inDesktopApp: 'You can go back to the daybook app on your computer and sign in there.',
  },
  de: {
    signIn: 'Anmelden', home: 'Zur Startseite', orWeb: 'Oder nutze daybook im Browser:',
    inMobileApp: 'Du kannst zur daybook-App auf deinem Telefon zurückkehren und dich dort anmelden.',
    inDesktopApp: 'Du kannst zur daybook-App auf deinem Computer zurückkehren und dich dort anmelden.',
  },
  fr: {
    signIn: 'Se connecter', home: "Aller à l'accueil", orWeb: 'Ou utilisez daybook dans le navigateur :',
    inMobileApp: "Vous pouvez revenir à l'application daybook sur votre téléphone et vous y connecter.",
    inDesktopApp: "Vous pouvez revenir à l'application daybook sur votre ordinateur et vous y connecter.",
  },
  es: {
    signIn: 'Iniciar sesión', home: 'Ir al inicio', orWeb: 'O usa daybook en el navegador:',
    inMobileApp: 'Puedes volver a la aplicación daybook de tu móvil e iniciar sesión allí.',
    inDesktopApp: 'Puedes volver a la aplicación daybook de tu ordenador e iniciar sesión allí.',
  },
})
