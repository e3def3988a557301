/** The library CSV files of docs/api/export.md §10.3: columns in the contract's order, one row per item. */
import type { LibraryItem } from '../../libraries/present'
import type { CsvValue } from '../csv'
import type { ExportScope, FeatureWriter } from '../scope'
import { writeCsvFile } from './text-file'
import { localDate } from '../../../lib/local-time'
import { bool, libraryData, libraryItemPages, num, str, tags } from './library-items'

interface CsvSpec {
  file: string
  header: string[]
  row: (item: LibraryItem, scope: ExportScope) => CsvValue[]
}

/** `YYYY/MM/DD` of a timestamp in the user's timezone (Goodreads' "Date Added"). */
function slashDate(scope: ExportScope, isoTime: string): string {
  return localDate(Date.parse(isoTime), scope.user.timezone).replaceAll('-', '/')
}

export type CsvLibrary = 'todos' | 'music' | 'books' | 'movies' | 'games' | 'recipes' | 'quotes' | 'plants'

const SPECS: Record<CsvLibrary, CsvSpec> = {
  todos: {
    file: 'todos.csv',
    header: ['Title', 'Description', 'Priority', 'Due Date', 'Completed At', 'Is Completed', 'Category', 'Tags', 'Recurrence Frequency', 'Link', 'Created At'],
    row: (i) => [str(i, 'title'), str(i, 'description'), str(i, 'priority'), str(i, 'due_at'), str(i, 'completed_at'), bool(i, 'is_completed'),
      str(i, 'category'), tags(i), str(i, 'repeat'), str(i, 'link'), i.created_at],
  },
  music: {
    file: 'music.csv',
    header: ['Title', 'Artist', 'Publication Year', 'Wishlist', 'Link', 'Cover URL', 'Description', 'Created At'],
    row: (i) => [str(i, 'title'), str(i, 'artist'), num(i, 'publication_year'), bool(i, 'wishlist'), str(i, 'link'), str(i, 'cover_url'),
      str(i, 'description'), i.created_at],
  },
  books: {
    file: 'books.csv',
    header: ['Title', 'Author', 'Number of Pages', 'Year Published', 'Date Added', 'Exclusive Shelf', 'Link', 'Cover URL', 'Description'],
    row: (i, scope) => [str(i, 'title'), str(i, 'author'), num(i, 'pages'), num(i, 'publication_year'), slashDate(scope, i.created_at),
      bool(i, 'wishlist') ? 'to-read' : 'read', str(i, 'link'), str(i, 'cover_url'), str(i, 'description')],
  },
  movies: {
    file: 'movies.csv',
    header: ['Title', 'Category', 'Publication Year', 'Wishlist', 'Link', 'Cover URL', 'Description', 'Created At'],
    row: (i) => [str(i, 'title'), str(i, 'category'), num(i, 'publication_year'), bool(i, 'wishlist'), str(i, 'link'), str(i, 'cover_url'),
      str(i, 'description'), i.created_at],
  },
  games: {
    file: 'games.csv',
    header: ['Title', 'Platform', 'Developer', 'Publisher', 'Publication Year', 'Wishlist', 'Link', 'Cover URL', 'Description', 'Created At'],
    row: (i) => [str(i, 'title'), str(i, 'platform'), str(i, 'developer'), str(i, 'publisher'), num(i, 'publication_year'), bool(i, 'wishlist'),
      str(i, 'link'), str(i, 'cover_url'), str(i, 'description'), i.created_at],
  },
  recipes: {
    file: 'recipes.csv',
    header: ['Title', 'Description', 'Ingredients', 'Type', 'Time To Make', 'Link', 'Cover URL', 'Created At'],
    row: (i) => [str(i, 'title'), str(i, 'description'), str(i, 'ingredients'), str(i, 'type'), num(i, 'time_to_make'), str(i, 'link'),
      str(i, 'cover_url'), i.created_at],
  },
  quotes: {
    file: 'quotes.csv',
    header: ['Quote', 'Author', 'Source', 'Created At'],
    row: (i) => [str(i, 'quote'), str(i, 'author'), str(i, 'source'), i.created_at],
  },
  plants: {
    file: 'plants.csv',
    header: ['Name', 'Latin Name', 'Location', 'Sunlight', 'Instructions', 'Link', 'Cover URL', 'Created At'],
    row: (i) => [str(i, 'name'), str(i, 'latin_name'), str(i, 'location'), str(i, 'sunlight'), str(i, 'instructions'), str(i, 'link'),
      str(i, 'cover_url'), i.created_at],
  },
}

export function libraryCsvWriter(library: CsvLibrary): FeatureWriter {
  const spec = SPECS[library]
  return {
    async writeFiles(scope) {
      const count = await writeCsvFile(scope, spec.file, spec.header, libraryItemPages(scope, library), (item) => spec.row(item, scope))
      return { count, files: [spec.file] }
    },
    data: libraryData(library),
  }
}
