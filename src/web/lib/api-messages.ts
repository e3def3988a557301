/**
 * The API speaks English (the contract fixes its messages). The app shows them in the user's language: error
 * codes it knows by name, and the validation messages by their templates, with the field's own label put in.
 * A message no rule knows is shown as the API sent it.
 */
import { ApiError } from './api'
import { defineStrings, translator, type Lang } from './i18n'

const codes = defineStrings({
  en: {
    network_error: 'The server could not be reached. Check your connection and try again.',
    unauthenticated: 'Your session has ended. Please sign in again.',
    invalid_credentials: 'The e-mail address or password is wrong.',
    email_not_verified: 'Please confirm your e-mail address first: follow the link in the mail we sent you.',
    forbidden: 'You are not allowed to do this.',
    registration_closed: 'Registration is closed on this server. Ask its admin for an account.',
    not_found: 'This no longer exists.',
    rate_limited: 'Too many attempts. Please wait a moment and try again.',
    internal_error: 'Something went wrong on the server. Please try again.',
    payload_too_large: 'This is too large to send.',
    passkey_authentication_failed: 'Signing in with this passkey did not work.',
    passkey_registration_failed: 'The passkey could not be added.',
    last_super_admin: 'The last super administrator cannot be demoted.',
  },
  de: {
    network_error: 'Der Server ist nicht erreichbar. Prüfe die Verbindung und versuche es erneut.',
    unauthenticated: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
    invalid_credentials: 'E-Mail-Adresse oder Passwort ist falsch.',
    email_not_verified: 'Bitte bestätige zuerst deine E-Mail-Adresse über den Link in unserer E-Mail.',
    forbidden: 'Das darfst du nicht.',
    registration_closed: 'Die Registrierung ist auf diesem Server geschlossen. Bitte den Admin um ein Konto.',
    not_found: 'Das gibt es nicht mehr.',
    rate_limited: 'Zu viele Versuche. Bitte warte kurz und versuche es erneut.',
    internal_error: 'Auf dem Server ist etwas schiefgegangen. Bitte versuche es erneut.',
    payload_too_large: 'Das ist zu groß zum Senden.',
    passkey_authentication_failed: 'Die Anmeldung mit diesem Passkey hat nicht geklappt.',
    passkey_registration_failed: 'Der Passkey konnte nicht hinzugefügt werden.',
    last_super_admin: 'Der letzte Super-Admin kann nicht herabgestuft werden.',
  },
  fr: {
    network_error: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    unauthenticated: 'Votre session a expiré. Veuillez vous reconnecter.',
    invalid_credentials: "L'adresse e-mail ou le mot de passe est incorrect.",
    email_not_verified: "Confirmez d'abord votre adresse e-mail avec le lien du message que nous vous avons envoyé.",
    forbidden: "Vous n'avez pas le droit de faire cela.",
    registration_closed: "Les inscriptions sont fermées sur ce serveur. Demandez un compte à l'administrateur.",
    not_found: "Cet élément n'existe plus.",
    rate_limited: 'Trop de tentatives. Patientez un instant et réessayez.',
    internal_error: 'Une erreur est survenue sur le serveur. Veuillez réessayer.',
    payload_too_large: 'Trop volumineux pour être envoyé.',
    passkey_authentication_failed: "La connexion avec cette clé d'accès a échoué.",
    passkey_registration_failed: "La clé d'accès n'a pas pu être ajoutée.",
    last_super_admin: 'Le dernier super-administrateur ne peut pas être rétrogradé.',
  },
  es: {
    network_error: 'No se puede conectar con el servidor. Comprueba la conexión e inténtalo de nuevo.',
    unauthenticated: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
    invalid_credentials: 'El correo electrónico o la contraseña no son correctos.',
    email_not_verified: 'Primero confirma tu correo con el enlace del mensaje que te enviamos.',
    forbidden: 'No tienes permiso para hacer esto.',
    registration_closed: 'El registro está cerrado en este servidor. Pide una cuenta al administrador.',
    not_found: 'Esto ya no existe.',
    rate_limited: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    internal_error: 'Algo ha fallado en el servidor. Inténtalo de nuevo.',
    payload_too_large: 'Es demasiado grande para enviarlo.',
    passkey_authentication_failed: 'No se pudo iniciar sesión con esta llave de acceso.',
    passkey_registration_failed: 'No se pudo añadir la llave de acceso.',
    last_super_admin: 'El último superadministrador no puede perder su rol.',
  },
})

type Template = [RegExp, Record<Exclude<Lang, 'en'>, string>]

/** Validation templates of the API (lib/validation.ts); `{f}` is the field's label, `{1}` the first number. */
const TEMPLATES: Template[] = [
  [/^The .+ field is required\.$/, { de: '„{f}“ ist erforderlich.', fr: 'Le champ « {f} » est obligatoire.', es: 'El campo «{f}» es obligatorio.' }],
  [/^The .+ field must be at least (\d+) characters\.$/, { de: '„{f}“ muss mindestens {1} Zeichen lang sein.', fr: 'Le champ « {f} » doit contenir au moins {1} caractères.', es: 'El campo «{f}» debe tener al menos {1} caracteres.' }],
  [/^The .+ field must not be greater than (\d+) characters\.$/, { de: '„{f}“ darf höchstens {1} Zeichen lang sein.', fr: 'Le champ « {f} » ne doit pas dépasser {1} caractères.', es: 'El campo «{f}» no debe superar {1} caracteres.' }],
  [/^The .+ field must be a valid email address\.$/, { de: '„{f}“ muss eine gültige E-Mail-Adresse sein.', fr: 'Le champ « {f} » doit être une adresse e-mail valide.', es: 'El campo «{f}» debe ser un correo electrónico válido.' }],
  [/^The .+ has already been taken\.$/, { de: '„{f}“ ist bereits vergeben.', fr: 'Cette valeur de « {f} » est déjà utilisée.', es: 'El valor de «{f}» ya está en uso.' }],
  [/^The .+ field confirmation does not match\.$/, { de: 'Die Bestätigung von „{f}“ stimmt nicht überein.', fr: 'La confirmation de « {f} » ne correspond pas.', es: 'La confirmación de «{f}» no coincide.' }],
  [/^The .+ field must be between (-?[\d.]+) and (-?[\d.]+)\.$/, { de: '„{f}“ muss zwischen {1} und {2} liegen.', fr: 'Le champ « {f} » doit être entre {1} et {2}.', es: 'El campo «{f}» debe estar entre {1} y {2}.' }],
  [/^The selected .+ is invalid\.$/, { de: 'Der Wert von „{f}“ ist ungültig.', fr: 'La valeur de « {f} » est invalide.', es: 'El valor de «{f}» no es válido.' }],
  [/^The .+ field must be a valid URL\.$/, { de: '„{f}“ muss eine gültige URL sein.', fr: 'Le champ « {f} » doit être une URL valide.', es: 'El campo «{f}» debe ser una URL válida.' }],
  [/^The .+ field must be a valid date in the format YYYY-MM-DD\.$/, { de: '„{f}“ muss ein Datum sein.', fr: 'Le champ « {f} » doit être une date.', es: 'El campo «{f}» debe ser una fecha.' }],
  [/^The .+ field must be a valid timezone\.$/, { de: '„{f}“ muss eine gültige Zeitzone sein.', fr: 'Le champ « {f} » doit être un fuseau horaire valide.', es: 'El campo «{f}» debe ser una zona horaria válida.' }],
  [/^The .+ field must be at least (\d+)\.$/, { de: '„{f}“ muss mindestens {1} sein.', fr: 'Le champ « {f} » doit être au moins {1}.', es: 'El campo «{f}» debe ser al menos {1}.' }],
  [/^The .+ field must be an image\.$/, { de: '„{f}“ muss ein Bild sein.', fr: 'Le champ « {f} » doit être une image.', es: 'El campo «{f}» debe ser una imagen.' }],
  [/^The .+ field has invalid image dimensions\.$/, { de: '„{f}“ hat ungültige Bildmaße.', fr: 'Les dimensions de « {f} » ne sont pas valides.', es: 'Las dimensiones de «{f}» no son válidas.' }],
  [/^The .+ field must not be greater than (\d+) kilobytes\.$/, { de: '„{f}“ darf höchstens {1} KB groß sein.', fr: 'Le champ « {f} » ne doit pas dépasser {1} Ko.', es: 'El campo «{f}» no debe superar {1} KB.' }],
]

/** One validation message of the API in `lang`, with `label` as the field's name. */
export function fieldMessage(message: string, label: string, lang: Lang): string {
  if (lang === 'en') return message
  for (const [pattern, texts] of TEMPLATES) {
    const match = pattern.exec(message)
    if (match) return texts[lang].replace('{f}', label).replace(/\{(\d)\}/g, (_, i: string) => match[Number(i)] ?? '')
  }
  return message
}

/** Codes whose message the endpoint words itself (who may not do what): English readers get it word for word. */
const SPECIFIC = new Set(['forbidden', 'conflict', 'not_found'])

/** What to say about a failed request, in `lang`. */
export function errorMessage(error: unknown, lang: Lang): string {
  const t = translator(codes, lang)
  if (!(error instanceof ApiError)) return t('internal_error')
  if (lang === 'en' && SPECIFIC.has(error.code)) return error.message
  if (error.code in codes.en) return t(error.code as keyof typeof codes.en)
  if (error.status === 0) return t('network_error')
  if (error.status >= 500) return t('internal_error')
  return error.message
}
