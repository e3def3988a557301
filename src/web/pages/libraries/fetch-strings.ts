import { defineStrings } from '../../lib/i18n'
import type { FetchError } from '../../../features/libraries/fields'

/** A link's page that could not be fetched (docs/api/quick-add.md §8, §9.1), and the retry. */
export const fetchStrings = defineStrings({
  en: {
    failed: 'daybook could not fetch this page, so its title is the address.',
    fetchAgain: 'Fetch again', fetchAgainWhat: 'Fetch again “{what}”', fetched: 'Fetched: “{title}”.', stillFailed: 'Still could not fetch it:',
    gone: 'This link no longer exists.',
  },
  de: {
    failed: 'daybook konnte diese Seite nicht abrufen, darum ist ihr Titel die Adresse.',
    fetchAgain: 'Erneut abrufen', fetchAgainWhat: '„{what}“ erneut abrufen', fetched: 'Abgerufen: „{title}“.', stillFailed: 'Immer noch nicht abrufbar:',
    gone: 'Diesen Link gibt es nicht mehr.',
  },
  fr: {
    failed: "daybook n'a pas pu récupérer cette page : son titre est donc l'adresse.",
    fetchAgain: 'Récupérer à nouveau', fetchAgainWhat: 'Récupérer à nouveau « {what} »', fetched: 'Récupéré : « {title} ».', stillFailed: 'Toujours impossible à récupérer :',
    gone: "Ce lien n'existe plus.",
  },
  es: {
    failed: 'daybook no pudo obtener esta página, así que su título es la dirección.',
    fetchAgain: 'Volver a obtener', fetchAgainWhat: 'Volver a obtener «{what}»', fetched: 'Obtenido: «{title}».', stillFailed: 'Sigue sin poder obtenerse:',
    gone: 'Este enlace ya no existe.',
  },
})

/** Why, by the link's `fetch_error` (docs/api/quick-add.md §8): one text per reason the API has. */
export const reasonStrings = defineStrings({
  en: {
    refused: 'Its address is not a public web address.', unknown_host: 'The site’s name was not found.',
    unreachable: 'The site could not be reached.', timeout: 'The site did not answer in time.',
    too_many_redirects: 'The site redirected too many times.', bad_status: 'The site answered with an error.',
    not_html: 'The address does not lead to a web page.', unreadable: 'The page could not be read.',
  },
  de: {
    refused: 'Ihre Adresse ist keine öffentliche Webadresse.', unknown_host: 'Der Name der Website wurde nicht gefunden.',
    unreachable: 'Die Website war nicht erreichbar.', timeout: 'Die Website hat nicht rechtzeitig geantwortet.',
    too_many_redirects: 'Die Website hat zu oft weitergeleitet.', bad_status: 'Die Website hat mit einem Fehler geantwortet.',
    not_html: 'Die Adresse führt zu keiner Webseite.', unreadable: 'Die Seite konnte nicht gelesen werden.',
  },
  fr: {
    refused: "Son adresse n'est pas une adresse web publique.", unknown_host: 'Le nom du site est introuvable.',
    unreachable: 'Le site est injoignable.', timeout: "Le site n'a pas répondu à temps.",
    too_many_redirects: 'Le site a redirigé trop de fois.', bad_status: 'Le site a répondu par une erreur.',
    not_html: "L'adresse ne mène pas à une page web.", unreadable: "La page n'a pas pu être lue.",
  },
  es: {
    refused: 'Su dirección no es una dirección web pública.', unknown_host: 'No se encontró el nombre del sitio.',
    unreachable: 'No se pudo conectar con el sitio.', timeout: 'El sitio no respondió a tiempo.',
    too_many_redirects: 'El sitio redirigió demasiadas veces.', bad_status: 'El sitio respondió con un error.',
    not_html: 'La dirección no lleva a una página web.', unreadable: 'No se pudo leer la página.',
  },
})

// Every reason of the API has its words: one added there fails the type check here until it is worded.
reasonStrings.en satisfies Record<FetchError, string>

export const isFetchReason = (value: unknown): value is FetchError => typeof value === 'string' && Object.hasOwn(reasonStrings.en, value)
