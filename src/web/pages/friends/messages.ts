/**
 * The friends API words its refusals itself (docs/api/friends.md §2.3–2.6, in English). The ones a user can run into
 * from these pages are said in the app's language; anything else goes through the app's usual error wording.
 */
import { ApiError } from '../../lib/api'
import { errorMessage } from '../../lib/api-messages'
import { defineStrings, translator, type Lang } from '../../lib/i18n'

const KNOWN = {
  'You are already friends with this user.': 'alreadyFriends',
  'You have already sent a friend request to this user.': 'alreadySent',
  'This user has already sent you a friend request. Accept it instead.': 'theySent',
  'You cannot send a friend request to yourself.': 'self',
  'This friend request has already been answered.': 'answered',
  'The email field is required when receiver id is not present.': 'emailMissing',
  'The email field must be a valid email address.': 'emailInvalid',
  'The receiver id field is required when email is not present.': 'idMissing',
  'The selected receiver id is invalid.': 'idUnknown',
} as const

const texts = defineStrings({
  en: {
    alreadyFriends: 'You are already friends with this user.',
    alreadySent: 'You have already sent a friend request to this user.',
    theySent: 'This user has already sent you a friend request. Accept it below instead.',
    self: 'That is your own friend ID. Enter the ID of someone else.',
    answered: 'This friend request has already been answered.',
    emailMissing: 'Enter the e-mail address of the person you want to add.',
    emailInvalid: 'Enter a whole e-mail address, such as name@example.com.',
    idMissing: 'Enter the friend ID you were given.',
    idUnknown: 'No one here has this friend ID. Check it with the person who gave it to you.',
    rateLimited: 'You have asked by e-mail address 20 times in the last hour. Try again later, or ask the person for their link.',
  },
  de: {
    alreadyFriends: 'Ihr seid bereits befreundet.',
    alreadySent: 'Du hast dieser Person bereits eine Freundschaftsanfrage geschickt.',
    theySent: 'Diese Person hat dir bereits eine Anfrage geschickt. Nimm sie stattdessen unten an.',
    self: 'Das ist deine eigene Freundes-ID. Gib die ID einer anderen Person ein.',
    answered: 'Diese Anfrage wurde bereits beantwortet.',
    emailMissing: 'Gib die E-Mail-Adresse der Person ein, die du hinzufügen willst.',
    emailInvalid: 'Gib eine vollständige E-Mail-Adresse ein, etwa name@example.com.',
    idMissing: 'Gib die Freundes-ID ein, die du bekommen hast.',
    idUnknown: 'Niemand hier hat diese Freundes-ID. Frag bei der Person nach, von der du sie hast.',
    rateLimited: 'Du hast in der letzten Stunde 20-mal per E-Mail-Adresse angefragt. Versuch es später wieder oder bitte die Person um ihren Link.',
  },
  fr: {
    alreadyFriends: 'Vous êtes déjà amis.',
    alreadySent: 'Vous avez déjà envoyé une demande d’ami à cette personne.',
    theySent: 'Cette personne vous a déjà envoyé une demande. Acceptez-la plutôt ci-dessous.',
    self: 'C’est votre propre identifiant d’ami. Saisissez celui de quelqu’un d’autre.',
    answered: 'Cette demande a déjà reçu une réponse.',
    emailMissing: 'Saisissez l’adresse e-mail de la personne que vous voulez ajouter.',
    emailInvalid: 'Saisissez une adresse e-mail complète, par exemple nom@example.com.',
    idMissing: 'Saisissez l’identifiant d’ami qu’on vous a donné.',
    idUnknown: 'Personne ici n’a cet identifiant d’ami. Vérifiez-le auprès de la personne qui vous l’a donné.',
    rateLimited: 'Vous avez fait 20 demandes par adresse e-mail dans l’heure. Réessayez plus tard, ou demandez son lien à la personne.',
  },
  es: {
    alreadyFriends: 'Ya sois amigos.',
    alreadySent: 'Ya enviaste una solicitud de amistad a esta persona.',
    theySent: 'Esta persona ya te envió una solicitud. Acéptala abajo.',
    self: 'Ese es tu propio ID de amigo. Introduce el de otra persona.',
    answered: 'Esta solicitud ya ha sido respondida.',
    emailMissing: 'Introduce el correo electrónico de la persona que quieres añadir.',
    emailInvalid: 'Introduce un correo electrónico completo, por ejemplo nombre@example.com.',
    idMissing: 'Introduce el ID de amigo que te dieron.',
    idUnknown: 'Nadie aquí tiene este ID de amigo. Compruébalo con la persona que te lo dio.',
    rateLimited: 'Has enviado 20 solicitudes por correo electrónico en la última hora. Inténtalo más tarde o pide a esa persona su enlace.',
  },
})

/** A message of the friends API in `lang`, or undefined when it is not one of ours. */
export function knownFriendMessage(message: string | undefined, lang: Lang): string | undefined {
  const key = message ? KNOWN[message as keyof typeof KNOWN] : undefined
  return key && translator(texts, lang)(key)
}

/** What to say about a failed friends request, in `lang`; the only limited one is a request by e-mail address. */
export function friendErrorMessage(error: unknown, lang: Lang): string {
  if (error instanceof ApiError && error.code === 'rate_limited') return translator(texts, lang)('rateLimited')
  return (error instanceof ApiError ? knownFriendMessage(error.message, lang) : undefined) ?? errorMessage(error, lang)
}

/** The message for one field of a failed request: ours where we word it, else the API's in `lang` with `label`. */
export function friendFieldError(action: { error: unknown; fieldError(name: string, label: string): string | undefined }, name: string, label: string, lang: Lang) {
  const raw = action.error instanceof ApiError ? action.error.field(name) : undefined
  return knownFriendMessage(raw, lang) ?? action.fieldError(name, label)
}
