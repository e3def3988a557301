/** One quick-add commit per library, none of which fetches a page: the items the libraries tests start from. */
export const SAMPLES: Record<string, Record<string, unknown>> = {
  music: { content: 'Discovery', content_type: 'music' },
  books: { content: 'Dune', content_type: 'books' },
  movies: { content: 'Heat', content_type: 'movies' },
  games: { content: 'Hades', content_type: 'games' },
  recipes: { content: 'Pancakes', content_type: 'recipes' },
  links: { content: 'https://example.com/a', content_type: 'links', metadata: { title: 'Example' } },
  quotes: { content: 'Stay hungry.', content_type: 'quotes' },
  plants: { content: 'Monstera', content_type: 'plants' },
  feeds: { content: 'https://example.com/feed.xml', content_type: 'feed', metadata: { title: 'Feed' } },
  todos: { content: 'Pay rent due:tomorrow', content_type: 'todo' },
  notes: { content: 'A note', content_type: 'note' },
}
