/**
 * The API speaks English (the contract fixes its messages). The app shows them in the user's language, English
 * included: error codes it knows by name, and the validation messages by their templates, with the label the person
 * sees put in for the API's field name. A message no rule knows is shown as the API sent it.
 */
import { ApiError } from './api'
import { defineStrings, plural, render, translator, type Lang, type Text } from './i18n'

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
    last_super_admin: 'The last super administrator must stay one: make someone else super administrator first.',
    email_taken: 'This e-mail address has been taken by another account meanwhile.',
    limit_reached: 'You have reached the most there can be. Delete or reuse one first.',
    invalid_account_link: 'This link has already been used or is not valid. Ask the admin for a new one.',
    account_link_expired: 'This link has expired. Ask the admin for a new one.',
    no_telegram_bot: 'This server has no Telegram bot.',
    no_passkeys: 'You have no passkey. Confirm with your password instead.',
    builtin_sport: 'The built-in sports are chosen in the check-in settings.',
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
    last_super_admin: 'Der letzte Super-Admin muss es bleiben: Mach zuerst jemand anderen zum Super-Admin.',
    email_taken: 'Diese E-Mail-Adresse wurde inzwischen von einem anderen Konto belegt.',
    limit_reached: 'Du hast die Höchstzahl erreicht. Lösche zuerst einen Eintrag oder verwende ihn wieder.',
    invalid_account_link: 'Dieser Link wurde schon benutzt oder ist ungültig. Bitte den Admin um einen neuen.',
    account_link_expired: 'Dieser Link ist abgelaufen. Bitte den Admin um einen neuen.',
    no_telegram_bot: 'Dieser Server hat keinen Telegram-Bot.',
    no_passkeys: 'Du hast keinen Passkey. Bestätige stattdessen mit deinem Passwort.',
    builtin_sport: 'Die eingebauten Sportarten wählst du in den Check-in-Einstellungen.',
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
    last_super_admin: "Le dernier super-administrateur doit le rester : nommez d'abord quelqu'un d'autre super-administrateur.",
    email_taken: 'Cette adresse e-mail a été prise entre-temps par un autre compte.',
    limit_reached: 'Vous avez atteint le maximum. Supprimez ou réutilisez-en un d’abord.',
    invalid_account_link: "Ce lien a déjà servi ou n'est pas valide. Demandez-en un nouveau à l'administrateur.",
    account_link_expired: "Ce lien a expiré. Demandez-en un nouveau à l'administrateur.",
    no_telegram_bot: "Ce serveur n'a pas de bot Telegram.",
    no_passkeys: "Vous n'avez pas de clé d'accès. Confirmez plutôt avec votre mot de passe.",
    builtin_sport: 'Les sports intégrés se choisissent dans les réglages du bilan du jour.',
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
    last_super_admin: 'El último superadministrador debe seguir siéndolo: nombra antes a otra persona superadministradora.',
    email_taken: 'Otra cuenta ha tomado este correo electrónico mientras tanto.',
    limit_reached: 'Has llegado al máximo. Borra o reutiliza uno primero.',
    invalid_account_link: 'Este enlace ya se usó o no es válido. Pide uno nuevo al administrador.',
    account_link_expired: 'Este enlace ha caducado. Pide uno nuevo al administrador.',
    no_telegram_bot: 'Este servidor no tiene bot de Telegram.',
    no_passkeys: 'No tienes ninguna llave de acceso. Confirma con tu contraseña.',
    builtin_sport: 'Los deportes incluidos se eligen en los ajustes del registro diario.',
  },
})

/** A confirmation that does not match, reported by the API on the field it confirms. */
const CONFIRMATION = /^The .+ field confirmation does not match\.$/

/** `{f}` is the field's label, `{1}` and `{2}` the numbers the API's message holds. */
type Template = [RegExp, Record<Lang, Text>]

/**
 * The validation templates of the API (lib/validation.ts and the features' own rules), in every language, English
 * too: the API names a field by its wire name ("The lat field …"), the page by the label the person sees.
 */
const TEMPLATES: Template[] = [
  [/^The .+ field is required( when .+)?\.$/, { en: '{f} is required.', de: '„{f}“ ist erforderlich.', fr: 'Le champ « {f} » est obligatoire.', es: 'El campo «{f}» es obligatorio.' }],
  [/^The .+ field must be at least (\d+) characters\.$/, {
    en: plural('1', { one: '{f} must be at least {1} character long.', other: '{f} must be at least {1} characters long.' }),
    de: '„{f}“ muss mindestens {1} Zeichen lang sein.',
    fr: plural('1', { one: 'Le champ « {f} » doit contenir au moins {1} caractère.', other: 'Le champ « {f} » doit contenir au moins {1} caractères.' }),
    es: plural('1', { one: 'El campo «{f}» debe tener al menos {1} carácter.', other: 'El campo «{f}» debe tener al menos {1} caracteres.' }),
  }],
  [/^The .+ field must not be greater than (\d+) characters\.$/, {
    en: plural('1', { one: '{f} must be at most {1} character long.', other: '{f} must be at most {1} characters long.' }),
    de: '„{f}“ darf höchstens {1} Zeichen lang sein.',
    fr: plural('1', { one: 'Le champ « {f} » ne doit pas dépasser {1} caractère.', other: 'Le champ « {f} » ne doit pas dépasser {1} caractères.' }),
    es: plural('1', { one: 'El campo «{f}» no debe superar {1} carácter.', other: 'El campo «{f}» no debe superar {1} caracteres.' }),
  }],
  [/^The .+ field must be a valid email address\.$/, { en: '{f} must be a valid e-mail address.', de: '„{f}“ muss eine gültige E-Mail-Adresse sein.', fr: 'Le champ « {f} » doit être une adresse e-mail valide.', es: 'El campo «{f}» debe ser un correo electrónico válido.' }],
  [/^The .+ has already been taken\.$/, { en: '{f} is already taken.', de: '„{f}“ ist bereits vergeben.', fr: 'Cette valeur de « {f} » est déjà utilisée.', es: 'El valor de «{f}» ya está en uso.' }],
  // Shown under the confirmation field (see `fieldError`), so it names what did not match.
  [CONFIRMATION, { en: 'The passwords do not match.', de: 'Die Passwörter stimmen nicht überein.', fr: 'Les mots de passe ne correspondent pas.', es: 'Las contraseñas no coinciden.' }],
  [/^The .+ field must be between (-?[\d.:]+) and (-?[\d.:]+)\.$/, { en: '{f} must be between {1} and {2}.', de: '„{f}“ muss zwischen {1} und {2} liegen.', fr: 'Le champ « {f} » doit être entre {1} et {2}.', es: 'El campo «{f}» debe estar entre {1} y {2}.' }],
  [/^The selected .+ is invalid\.$/, { en: '{f} is not one of the choices.', de: 'Der Wert von „{f}“ ist ungültig.', fr: 'La valeur de « {f} » est invalide.', es: 'El valor de «{f}» no es válido.' }],
  [/^The .+ field must be a valid URL\.$/, { en: '{f} must be a valid web address (URL).', de: '„{f}“ muss eine gültige URL sein.', fr: 'Le champ « {f} » doit être une URL valide.', es: 'El campo «{f}» debe ser una URL válida.' }],
  [/^The .+ field must be a valid date in the format YYYY-MM-DD\.$/, { en: '{f} must be a date.', de: '„{f}“ muss ein Datum sein.', fr: 'Le champ « {f} » doit être une date.', es: 'El campo «{f}» debe ser una fecha.' }],
  [/^The .+ field must be a valid timestamp\.$/, { en: '{f} must be a date and time.', de: '„{f}“ muss ein Datum mit Uhrzeit sein.', fr: 'Le champ « {f} » doit être une date et une heure.', es: 'El campo «{f}» debe ser una fecha y hora.' }],
  [/^The .+ field must be a time in the format HH:MM\.$/, { en: '{f} must be a time such as 07:30.', de: '„{f}“ muss eine Uhrzeit wie 07:30 sein.', fr: 'Le champ « {f} » doit être une heure comme 07:30.', es: 'El campo «{f}» debe ser una hora como 07:30.' }],
  [/^The .+ field must be a valid timezone\.$/, { en: '{f} must be a valid time zone.', de: '„{f}“ muss eine gültige Zeitzone sein.', fr: 'Le champ « {f} » doit être un fuseau horaire valide.', es: 'El campo «{f}» debe ser una zona horaria válida.' }],
  [/^The .+ field must be at least (-?[\d.]+)\.$/, { en: '{f} must be at least {1}.', de: '„{f}“ muss mindestens {1} sein.', fr: 'Le champ « {f} » doit être au moins {1}.', es: 'El campo «{f}» debe ser al menos {1}.' }],
  [/^The .+ field must be a number\.$/, { en: '{f} must be a number.', de: '„{f}“ muss eine Zahl sein.', fr: 'Le champ « {f} » doit être un nombre.', es: 'El campo «{f}» debe ser un número.' }],
  [/^The .+ field must be an integer\.$/, { en: '{f} must be a whole number.', de: '„{f}“ muss eine ganze Zahl sein.', fr: 'Le champ « {f} » doit être un nombre entier.', es: 'El campo «{f}» debe ser un número entero.' }],
  [/^The .+ field must be an image\.$/, { en: '{f} must be an image.', de: '„{f}“ muss ein Bild sein.', fr: 'Le champ « {f} » doit être une image.', es: 'El campo «{f}» debe ser una imagen.' }],
  [/^The .+ field has invalid image dimensions\.$/, { en: '{f} has image dimensions that are not allowed.', de: '„{f}“ hat ungültige Bildmaße.', fr: 'Les dimensions de « {f} » ne sont pas valides.', es: 'Las dimensiones de «{f}» no son válidas.' }],
  [/^The .+ field must not be greater than (\d+) kilobytes\.$/, { en: '{f} must not be larger than {1} KB.', de: '„{f}“ darf höchstens {1} KB groß sein.', fr: 'Le champ « {f} » ne doit pas dépasser {1} Ko.', es: 'El campo «{f}» no debe superar {1} KB.' }],
  [/^The .+ field must contain (\d+) items\.$/, {
    en: '{f}: choose exactly {1}.', de: '„{f}“: Wähle genau {1}.', fr: 'Le champ « {f} » : choisissez-en exactement {1}.', es: 'El campo «{f}»: elige exactamente {1}.',
  }],
  [/^The .+ field must have at least (\d+) items\.$/, { en: '{f}: choose at least {1}.', de: '„{f}“: Wähle mindestens {1}.', fr: 'Le champ « {f} » : choisissez-en au moins {1}.', es: 'El campo «{f}»: elige al menos {1}.' }],
  [/^The .+ field must not have more than (\d+) items\.$/, { en: '{f} must not have more than {1} entries.', de: '„{f}“ darf höchstens {1} Einträge haben.', fr: 'Le champ « {f} » ne doit pas avoir plus de {1} entrées.', es: 'El campo «{f}» no debe tener más de {1} entradas.' }],
  [/^The .+ field has a duplicate value\.$/, { en: '{f} holds the same value twice.', de: '„{f}“ enthält einen Wert doppelt.', fr: 'Le champ « {f} » contient deux fois la même valeur.', es: 'El campo «{f}» contiene un valor repetido.' }],
  // One's own trackers and streak rules (docs/api/trackers.md §2, docs/api/check-in.md §5, docs/api/streaks.md §2).
  [/^The .+ field must be an integer from (-?\d+) to (-?\d+)\.$/, { en: '{f} must be a whole number from {1} to {2}.', de: '„{f}“ muss eine ganze Zahl von {1} bis {2} sein.', fr: 'Le champ « {f} » doit être un nombre entier de {1} à {2}.', es: 'El campo «{f}» debe ser un número entero de {1} a {2}.' }],
  [/^The .+ field must be an integer greater than min and at most (\d+)\.$/, { en: '{f} must be a whole number above the lowest value, at most {1}.', de: '„{f}“ muss eine ganze Zahl über dem kleinsten Wert sein, höchstens {1}.', fr: 'Le champ « {f} » doit être un nombre entier supérieur à la plus petite valeur, au plus {1}.', es: 'El campo «{f}» debe ser un número entero mayor que el valor mínimo, como mucho {1}.' }],
  [/^The .+ field must be greater than min\.$/, { en: '{f} must be greater than the lowest value.', de: '„{f}“ muss größer als der kleinste Wert sein.', fr: 'Le champ « {f} » doit être supérieur à la plus petite valeur.', es: 'El campo «{f}» debe ser mayor que el valor mínimo.' }],
  [/^The .+ field must have at most (\d+) decimal places\.$/, {
    en: plural('1', { one: '{f} may have at most {1} decimal place.', other: '{f} may have at most {1} decimal places.' }),
    de: '„{f}“ darf höchstens {1} Nachkommastellen haben.',
    fr: plural('1', { one: 'Le champ « {f} » peut avoir au plus {1} décimale.', other: 'Le champ « {f} » peut avoir au plus {1} décimales.' }),
    es: plural('1', { one: 'El campo «{f}» puede tener como mucho {1} decimal.', other: 'El campo «{f}» puede tener como mucho {1} decimales.' }),
  }],
  [/^The .+ field must end on or after its start and last at most (\d+) days\.$/, { en: '{f} must end on or after its start and last at most {1} days.', de: '„{f}“ muss am Anfangstag oder danach enden und darf höchstens {1} Tage dauern.', fr: 'Le champ « {f} » doit finir le jour du début ou après et durer au plus {1} jours.', es: 'El campo «{f}» debe terminar el día de inicio o después y durar como mucho {1} días.' }],
  [/^The .+ field must (be a string|be true or false|be an array|be an object|hold .+)\.$/, { en: '{f} is not valid.', de: '„{f}“ ist ungültig.', fr: 'Le champ « {f} » n’est pas valide.', es: 'El campo «{f}» no es válido.' }],
]

/** One validation message of the API in `lang`, with `label` as the field's name. */
export function fieldMessage(message: string, label: string, lang: Lang): string {
  // The English templates start with the label ("E-mail address is required."); a label that asks ("What do you
  // want to keep?") is quoted there to read as a name. The other languages quote every label.
  const name = lang === 'en' && /[?:]$/.test(label) ? `“${label}”` : label
  for (const [pattern, texts] of TEMPLATES) {
    const match = pattern.exec(message)
    if (match) return render(texts[lang], lang, { f: name, 1: match[1] ?? '', 2: match[2] ?? '' })
  }
  // A rule of its own ("The url field must name a host that can be resolved."): in English the label at least.
  return lang === 'en' ? message.replace(/^The \S+ field /, `${name} `) : message
}

const CONFIRMS = '_confirmation'

/**
 * The message to show at the field `name` of a form, in `lang`. The API reports a confirmation that does not match on
 * the field it confirms (`password`); the person typed the mismatch into the confirmation field, so it is shown there
 * (`password_confirmation`) and not at the first field.
 */
export function fieldError(error: unknown, name: string, label: string, lang: Lang): string | undefined {
  if (!(error instanceof ApiError) || !error.errors || Array.isArray(error.errors)) return undefined
  const own = (error.errors[name] ?? []).find((message) => !CONFIRMATION.test(message))
  const confirmed = name.endsWith(CONFIRMS) ? error.errors[name.slice(0, -CONFIRMS.length)]?.find((m) => CONFIRMATION.test(m)) : undefined
  const message = own ?? confirmed
  return message && fieldMessage(message, label, lang)
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
