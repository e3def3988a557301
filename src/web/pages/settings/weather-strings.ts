import { defineStrings, plural } from '../../lib/i18n'

/** The weather location's place search (the section's title and coordinate fields are in strings.ts). */
export const weatherStrings = defineStrings({
  en: {
    hint: 'The place whose weather Today and your morning message show.',
    placeNow: 'Your place: {place}', placeNone: 'No place chosen yet.',
    find: 'Find your place', findHint: 'Type the name of a city or town, then pick it from the list (Tab or the arrow keys, then Enter).',
    searching: 'Searching…', results: 'Places found',
    found: plural('count', { one: '{count} place found.', other: '{count} places found.' }),
    none: 'No place of that name was found. Check the spelling, or try a larger town nearby.',
    unavailable: 'The place search is not available right now. Try again later, or enter the coordinates below.',
    coordinates: 'Enter coordinates instead',
  },
  de: {
    hint: 'Der Ort, dessen Wetter „Heute“ und deine Morgennachricht zeigen.',
    placeNow: 'Dein Ort: {place}', placeNone: 'Noch kein Ort gewählt.',
    find: 'Ort suchen', findHint: 'Tippe den Namen einer Stadt oder eines Ortes und wähle ihn aus der Liste (Tab oder Pfeiltasten, dann Eingabetaste).',
    searching: 'Suche läuft …', results: 'Gefundene Orte',
    found: plural('count', { one: '{count} Ort gefunden.', other: '{count} Orte gefunden.' }),
    none: 'Kein Ort dieses Namens gefunden. Prüfe die Schreibweise oder versuche es mit einem größeren Ort in der Nähe.',
    unavailable: 'Die Ortssuche ist gerade nicht verfügbar. Versuche es später noch einmal oder gib unten die Koordinaten ein.',
    coordinates: 'Stattdessen Koordinaten eingeben',
  },
  fr: {
    hint: 'Le lieu dont « Aujourd’hui » et votre message du matin affichent la météo.',
    placeNow: 'Votre lieu : {place}', placeNone: 'Aucun lieu choisi pour l’instant.',
    find: 'Chercher votre lieu', findHint: 'Tapez le nom d’une ville ou d’un village, puis choisissez-le dans la liste (Tab ou flèches, puis Entrée).',
    searching: 'Recherche…', results: 'Lieux trouvés',
    found: plural('count', { one: '{count} lieu trouvé.', other: '{count} lieux trouvés.' }),
    none: 'Aucun lieu de ce nom n’a été trouvé. Vérifiez l’orthographe ou essayez une ville plus grande à proximité.',
    unavailable: 'La recherche de lieux est indisponible pour le moment. Réessayez plus tard ou saisissez les coordonnées ci-dessous.',
    coordinates: 'Saisir plutôt des coordonnées',
  },
  es: {
    hint: 'El lugar cuyo tiempo muestran «Hoy» y tu mensaje de la mañana.',
    placeNow: 'Tu lugar: {place}', placeNone: 'Todavía no has elegido un lugar.',
    find: 'Buscar tu lugar', findHint: 'Escribe el nombre de una ciudad o un pueblo y elígelo de la lista (Tab o flechas, luego Intro).',
    searching: 'Buscando…', results: 'Lugares encontrados',
    found: plural('count', { one: '{count} lugar encontrado.', other: '{count} lugares encontrados.' }),
    none: 'No se encontró ningún lugar con ese nombre. Revisa la ortografía o prueba con una ciudad más grande cercana.',
    unavailable: 'La búsqueda de lugares no está disponible ahora. Inténtalo más tarde o introduce las coordenadas abajo.',
    coordinates: 'Introducir coordenadas',
  },
})
