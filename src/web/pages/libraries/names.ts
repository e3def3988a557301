/**
 * The names of the libraries, of the quick-add content types, of the item fields and of their enum values
 * (docs/api/quick-add.md §1 and §8), in every language. Quick add and the library pages share them.
 */
import { defineStrings } from '../../lib/i18n'
import { thingNames } from '../../components/names'
import { PAGES } from '../../paths'

export const LIBRARIES = ['music', 'books', 'movies', 'games', 'recipes', 'links', 'quotes', 'plants', 'feeds', 'todos', 'notes'] as const
export type LibraryName = (typeof LIBRARIES)[number]

export const isLibraryName = (value: string): value is LibraryName => (LIBRARIES as readonly string[]).includes(value)

export const CONTENT_TYPES = ['links', 'todo', 'note', 'music', 'books', 'movies', 'games', 'recipes', 'quotes', 'plants', 'feed', 'clipboard'] as const
export type ContentType = (typeof CONTENT_TYPES)[number]
export const isContentType = (value: string): value is ContentType => (CONTENT_TYPES as readonly string[]).includes(value)

/** Where a committed item lives: a library, or the clipboard (docs/api/quick-add.md §1). */
export type Destination = LibraryName | 'clipboard'

export const libraryPath = (library: Destination) => (library === 'clipboard' ? PAGES.clipboard : PAGES.library.replace(':type', library))

/** The libraries' names: the app's one name for each kind of thing (components/names.ts). */
export const libraryNames = thingNames

/** One item of each content type, as quick add names what it detected. */
export const typeNames = defineStrings({
  en: {
    music: 'Music', books: 'Book', movies: 'Film or series', games: 'Game', recipes: 'Recipe', links: 'Link', todo: 'To-do', note: 'Note',
    plants: 'Plant', quotes: 'Quote', feed: 'Feed subscription', clipboard: 'Clipboard text',
  },
  de: {
    music: 'Musik', books: 'Buch', movies: 'Film oder Serie', games: 'Spiel', recipes: 'Rezept', links: 'Link', todo: 'Aufgabe', note: 'Notiz',
    plants: 'Pflanze', quotes: 'Zitat', feed: 'Feed-Abo', clipboard: 'Text für die Zwischenablage',
  },
  fr: {
    music: 'Musique', books: 'Livre', movies: 'Film ou série', games: 'Jeu', recipes: 'Recette', links: 'Lien', todo: 'Tâche', note: 'Note',
    plants: 'Plante', quotes: 'Citation', feed: 'Abonnement à un flux', clipboard: 'Texte du presse-papiers',
  },
  es: {
    music: 'Música', books: 'Libro', movies: 'Película o serie', games: 'Juego', recipes: 'Receta', links: 'Enlace', todo: 'Tarea', note: 'Nota',
    plants: 'Planta', quotes: 'Cita', feed: 'Suscripción a un feed', clipboard: 'Texto del portapapeles',
  },
})

/** Labels of the item fields shown in lists and previews. */
export const fieldNames = defineStrings({
  en: {
    artist: 'Artist', author: 'Author', publication_year: 'Year', pages: 'Pages', category: 'Category', platform: 'Platform',
    developer: 'Developer', publisher: 'Publisher', type: 'Meal', time_to_make: 'Time', ingredients: 'Ingredients',
    description: 'Description', tags: 'Tags', source: 'Source', latin_name: 'Latin name', location: 'Location', sunlight: 'Light',
    instructions: 'Care', site_url: 'Website', due_at: 'Due', repeat: 'Repeats', priority: 'Priority', content: 'Text', link: 'Link',
    title: 'Title', name: 'Name', quote: 'Quote', cover_url: 'Cover image address', url: 'Address', hostname: 'Site', minutes: '{n} min', wishlist: 'On the wishlist', is_favorite: 'Favourite',
    is_completed: 'Done', added: 'Added {when}', overdue: 'Overdue', today: 'today', tomorrow: 'tomorrow',
  },
  de: {
    artist: 'Künstler:in', author: 'Autor:in', publication_year: 'Jahr', pages: 'Seiten', category: 'Kategorie', platform: 'Plattform',
    developer: 'Entwickler', publisher: 'Publisher', type: 'Mahlzeit', time_to_make: 'Zeit', ingredients: 'Zutaten',
    description: 'Beschreibung', tags: 'Tags', source: 'Quelle', latin_name: 'Lateinischer Name', location: 'Standort', sunlight: 'Licht',
    instructions: 'Pflege', site_url: 'Website', due_at: 'Fällig', repeat: 'Wiederholung', priority: 'Priorität', content: 'Text', link: 'Link',
    title: 'Titel', name: 'Name', quote: 'Zitat', cover_url: 'Adresse des Titelbilds', url: 'Adresse', hostname: 'Website', minutes: '{n} Min.', wishlist: 'Auf der Wunschliste', is_favorite: 'Favorit',
    is_completed: 'Erledigt', added: 'Hinzugefügt am {when}', overdue: 'Überfällig', today: 'heute', tomorrow: 'morgen',
  },
  fr: {
    artist: 'Artiste', author: 'Auteur', publication_year: 'Année', pages: 'Pages', category: 'Catégorie', platform: 'Plateforme',
    developer: 'Développeur', publisher: 'Éditeur', type: 'Repas', time_to_make: 'Durée', ingredients: 'Ingrédients',
    description: 'Description', tags: 'Étiquettes', source: 'Source', latin_name: 'Nom latin', location: 'Emplacement', sunlight: 'Lumière',
    instructions: 'Entretien', site_url: 'Site web', due_at: 'Échéance', repeat: 'Répétition', priority: 'Priorité', content: 'Texte', link: 'Lien',
    title: 'Titre', name: 'Nom', quote: 'Citation', cover_url: "Adresse de l'image de couverture", url: 'Adresse', hostname: 'Site', minutes: '{n} min', wishlist: 'Sur la liste de souhaits', is_favorite: 'Favori',
    is_completed: 'Terminée', added: 'Ajouté le {when}', overdue: 'En retard', today: "aujourd'hui", tomorrow: 'demain',
  },
  es: {
    artist: 'Artista', author: 'Autor', publication_year: 'Año', pages: 'Páginas', category: 'Categoría', platform: 'Plataforma',
    developer: 'Desarrollador', publisher: 'Editor', type: 'Comida', time_to_make: 'Tiempo', ingredients: 'Ingredientes',
    description: 'Descripción', tags: 'Etiquetas', source: 'Fuente', latin_name: 'Nombre científico', location: 'Ubicación', sunlight: 'Luz',
    instructions: 'Cuidados', site_url: 'Sitio web', due_at: 'Vence', repeat: 'Se repite', priority: 'Prioridad', content: 'Texto', link: 'Enlace',
    title: 'Título', name: 'Nombre', quote: 'Cita', cover_url: 'Dirección de la imagen de portada', url: 'Dirección', hostname: 'Sitio', minutes: '{n} min', wishlist: 'En la lista de deseos', is_favorite: 'Favorito',
    is_completed: 'Hecha', added: 'Añadido el {when}', overdue: 'Vencida', today: 'hoy', tomorrow: 'mañana',
  },
})

/** The enum values of docs/api/quick-add.md §8, keyed `{field}.{value}`. */
export const valueNames = defineStrings({
  en: {
    'category.movie': 'Film', 'category.series': 'Series',
    'platform.pc': 'PC', 'platform.playstation': 'PlayStation', 'platform.xbox': 'Xbox', 'platform.nintendo': 'Nintendo',
    'platform.mobile': 'Mobile', 'platform.boardgame': 'Board game', 'platform.other': 'Other',
    'type.breakfast': 'Breakfast', 'type.lunch': 'Lunch', 'type.dinner': 'Dinner', 'type.snack': 'Snack', 'type.dessert': 'Dessert',
    'type.drink': 'Drink', 'type.other': 'Other',
    'location.indoor': 'Indoors', 'location.outdoor': 'Outdoors', 'location.both': 'Indoors and outdoors',
    'sunlight.full_sun': 'Full sun', 'sunlight.partial_sun': 'Partial sun', 'sunlight.indirect': 'Indirect light', 'sunlight.shade': 'Shade',
    'priority.low': 'Low', 'priority.medium': 'Medium', 'priority.high': 'High',
    'repeat.daily': 'Daily', 'repeat.weekly': 'Weekly', 'repeat.monthly': 'Monthly', 'repeat.yearly': 'Yearly',
  },
  de: {
    'category.movie': 'Film', 'category.series': 'Serie',
    'platform.pc': 'PC', 'platform.playstation': 'PlayStation', 'platform.xbox': 'Xbox', 'platform.nintendo': 'Nintendo',
    'platform.mobile': 'Mobilgerät', 'platform.boardgame': 'Brettspiel', 'platform.other': 'Sonstige',
    'type.breakfast': 'Frühstück', 'type.lunch': 'Mittagessen', 'type.dinner': 'Abendessen', 'type.snack': 'Snack', 'type.dessert': 'Nachtisch',
    'type.drink': 'Getränk', 'type.other': 'Sonstiges',
    'location.indoor': 'Drinnen', 'location.outdoor': 'Draußen', 'location.both': 'Drinnen und draußen',
    'sunlight.full_sun': 'Volle Sonne', 'sunlight.partial_sun': 'Halbschatten', 'sunlight.indirect': 'Indirektes Licht', 'sunlight.shade': 'Schatten',
    'priority.low': 'Niedrig', 'priority.medium': 'Mittel', 'priority.high': 'Hoch',
    'repeat.daily': 'Täglich', 'repeat.weekly': 'Wöchentlich', 'repeat.monthly': 'Monatlich', 'repeat.yearly': 'Jährlich',
  },
  fr: {
    'category.movie': 'Film', 'category.series': 'Série',
    'platform.pc': 'PC', 'platform.playstation': 'PlayStation', 'platform.xbox': 'Xbox', 'platform.nintendo': 'Nintendo',
    'platform.mobile': 'Mobile', 'platform.boardgame': 'Jeu de société', 'platform.other': 'Autre',
    'type.breakfast': 'Petit-déjeuner', 'type.lunch': 'Déjeuner', 'type.dinner': 'Dîner', 'type.snack': 'En-cas', 'type.dessert': 'Dessert',
    'type.drink': 'Boisson', 'type.other': 'Autre',
    'location.indoor': 'Intérieur', 'location.outdoor': 'Extérieur', 'location.both': 'Intérieur et extérieur',
    'sunlight.full_sun': 'Plein soleil', 'sunlight.partial_sun': 'Mi-ombre', 'sunlight.indirect': 'Lumière indirecte', 'sunlight.shade': 'Ombre',
    'priority.low': 'Basse', 'priority.medium': 'Moyenne', 'priority.high': 'Haute',
    'repeat.daily': 'Chaque jour', 'repeat.weekly': 'Chaque semaine', 'repeat.monthly': 'Chaque mois', 'repeat.yearly': 'Chaque année',
  },
  es: {
    'category.movie': 'Película', 'category.series': 'Serie',
    'platform.pc': 'PC', 'platform.playstation': 'PlayStation', 'platform.xbox': 'Xbox', 'platform.nintendo': 'Nintendo',
    'platform.mobile': 'Móvil', 'platform.boardgame': 'Juego de mesa', 'platform.other': 'Otra',
    'type.breakfast': 'Desayuno', 'type.lunch': 'Almuerzo', 'type.dinner': 'Cena', 'type.snack': 'Tentempié', 'type.dessert': 'Postre',
    'type.drink': 'Bebida', 'type.other': 'Otro',
    'location.indoor': 'Interior', 'location.outdoor': 'Exterior', 'location.both': 'Interior y exterior',
    'sunlight.full_sun': 'Sol directo', 'sunlight.partial_sun': 'Semisombra', 'sunlight.indirect': 'Luz indirecta', 'sunlight.shade': 'Sombra',
    'priority.low': 'Baja', 'priority.medium': 'Media', 'priority.high': 'Alta',
    'repeat.daily': 'Cada día', 'repeat.weekly': 'Cada semana', 'repeat.monthly': 'Cada mes', 'repeat.yearly': 'Cada año',
  },
})

export type ValueKey = keyof typeof valueNames.en

/** The translated name of an enum value, or the value itself when it is not one we know. */
export function valueName(t: (key: ValueKey) => string, field: string, value: string): string {
  const key = `${field}.${value}`
  return key in valueNames.en ? t(key as ValueKey) : value
}
