/**
 * One name for each kind of thing a person keeps, in each language, for every page that names it: the libraries,
 * quick add and the start page, the export and import pages, the settings. Keys are the API's own names (the
 * export's features, the import's kinds). Pages take these names in (`...thingNames.en`), never a copy, so a
 * thing cannot have two names.
 */
import { defineStrings, type Strings } from '../lib/i18n'

export const thingNames = defineStrings({
  en: {
    music: 'Music', books: 'Books', movies: 'Films & series', games: 'Games', recipes: 'Recipes', links: 'Links', quotes: 'Quotes',
    plants: 'Plants', feeds: 'Feeds', todos: 'To-dos', notes: 'Notes', clipboard: 'Clipboard',
    checkIn: 'Check-ins', friends: 'Friends', settings: 'Settings', profile_image: 'Profile image',
    trackers: 'Own trackers', activities: 'Activities', values: 'Values of own trackers',
  },
  de: {
    music: 'Musik', books: 'Bücher', movies: 'Filme & Serien', games: 'Spiele', recipes: 'Rezepte', links: 'Links', quotes: 'Zitate',
    plants: 'Pflanzen', feeds: 'Feeds', todos: 'Aufgaben', notes: 'Notizen', clipboard: 'Zwischenablage',
    checkIn: 'Check-ins', friends: 'Freunde', settings: 'Einstellungen', profile_image: 'Profilbild',
    trackers: 'Eigene Tracker', activities: 'Aktivitäten', values: 'Werte eigener Tracker',
  },
  fr: {
    music: 'Musique', books: 'Livres', movies: 'Films et séries', games: 'Jeux', recipes: 'Recettes', links: 'Liens', quotes: 'Citations',
    plants: 'Plantes', feeds: 'Flux', todos: 'Tâches', notes: 'Notes', clipboard: 'Presse-papiers',
    checkIn: 'Bilans du jour', friends: 'Amis', settings: 'Réglages', profile_image: 'Photo de profil',
    trackers: 'Suivis personnels', activities: 'Activités', values: 'Valeurs des suivis personnels',
  },
  es: {
    music: 'Música', books: 'Libros', movies: 'Películas y series', games: 'Juegos', recipes: 'Recetas', links: 'Enlaces', quotes: 'Citas',
    plants: 'Plantas', feeds: 'Fuentes RSS', todos: 'Tareas', notes: 'Notas', clipboard: 'Portapapeles',
    checkIn: 'Registros diarios', friends: 'Amigos', settings: 'Ajustes', profile_image: 'Foto de perfil',
    trackers: 'Registros propios', activities: 'Actividades', values: 'Valores de registros propios',
  },
})

type ThingName = keyof typeof thingNames.en

/** The names under `prefix`ed keys (`kind_movies`), for a page whose keys carry one. */
export function prefixedNames<P extends string>(prefix: P, names: Strings<ThingName, string>): Record<`${P}${ThingName}`, string> {
  return Object.fromEntries(Object.entries(names).map(([key, name]) => [`${prefix}${key}`, name])) as Record<`${P}${ThingName}`, string>
}
