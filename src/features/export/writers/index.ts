import type { SupportedFeature } from '../features'
import type { FeatureWriter } from '../scope'
import { checkInWriter } from './check-ins'
import { clipboardWriter } from './clipboard'
import { libraryCsvWriter } from './library-csv'
import { notesWriter } from './notes'
import { linksWriter } from './links-html'
import { feedsWriter } from './feeds-opml'
import { friendsWriter } from './friends'
import { profileWriter } from './profile'

/** The writer of every supported feature (docs/api/export.md §1.1). */
export const FEATURE_WRITERS: Record<SupportedFeature, FeatureWriter> = {
  checkIn: checkInWriter,
  clipboard: clipboardWriter,
  todos: libraryCsvWriter('todos'),
  notes: notesWriter,
  links: linksWriter,
  music: libraryCsvWriter('music'),
  books: libraryCsvWriter('books'),
  movies: libraryCsvWriter('movies'),
  games: libraryCsvWriter('games'),
  recipes: libraryCsvWriter('recipes'),
  quotes: libraryCsvWriter('quotes'),
  plants: libraryCsvWriter('plants'),
  feeds: feedsWriter,
  friends: friendsWriter,
  profile: profileWriter,
}
