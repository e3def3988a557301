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
} as const

const texts = defineStrings({
  en: {
    alreadyFriends: 'You are already friends with this user.',
    alreadySent: 'You have already sent a friend request to this user.',
    theySent: 'This user has already sent you a friend request. Accept it below instead.',
    self: 'That is your own friend ID. Enter the ID of someone else.',
    answered: 'This friend request has already been answered.',
  },
  de: {
    alreadyFriends: 'Ihr seid bereits befreundet.',
    alreadySent: 'Du hast dieser Person bereits eine Freundschaftsanfrage geschickt.',
    theySent: 'Diese Person hat dir bereits eine Anfrage geschickt. Nimm sie stattdessen unten an.',
    self: 'Das ist deine eigene Freundes-ID. Gib die ID einer anderen Person ein.',
    answered: 'Diese Anfrage wurde bereits beantwortet.',
  },
  fr: {
    alreadyFriends: 'Vous êtes déjà amis.',
    alreadySent: 'Vous avez déjà envoyé une demande d’ami à cette personne.',
    theySent: 'Cette personne vous a déjà envoyé une demande. Acceptez-la plutôt ci-dessous.',
    self: 'C’est votre propre identifiant d’ami. Saisissez celui de quelqu’un d’autre.',
    answered: 'Cette demande a déjà reçu une réponse.',
  },
  es: {
    alreadyFriends: 'Ya sois amigos.',
    alreadySent: 'Ya enviaste una solicitud de amistad a esta persona.',
    theySent: 'Esta persona ya te envió una solicitud. Acéptala abajo.',
    self: 'Ese es tu propio ID de amigo. Introduce el de otra persona.',
    answered: 'Esta solicitud ya ha sido respondida.',
  },
})

/** A message of the friends API in `lang`, or undefined when it is not one of ours. */
export function knownFriendMessage(message: string | undefined, lang: Lang): string | undefined {
  const key = message ? KNOWN[message as keyof typeof KNOWN] : undefined
  return key && translator(texts, lang)(key)
}

/** What to say about a failed friends request, in `lang`. */
export function friendErrorMessage(error: unknown, lang: Lang): string {
  return (error instanceof ApiError ? knownFriendMessage(error.message, lang) : undefined) ?? errorMessage(error, lang)
}
